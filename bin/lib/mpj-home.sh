# Sourced by bin/mpjtrace and bin/test: makes sure a working MPJ Express home exists and exports
# MPJ_HOME. Prints one line to stderr and returns 1 when it cannot.
#
# A user's own MPJ_HOME (from the upstream tarball) is used as it is. Otherwise MPJ Express comes from
# Debian's libmpj-java (installed with apt-get when running as root), whose jars cannot be used in
# place: their manifests name log4j-1.2.jar, commons-*.jar and runtimecommon.jar beside themselves,
# under unversioned names. So we assemble a home under target/ with copies named as MPJ expects.

mpjtrace_mpj_home() {
    local repo="$1"
    if [ -n "${MPJ_HOME:-}" ]; then
        if [ -f "$MPJ_HOME/lib/starter.jar" ] && [ -f "$MPJ_HOME/lib/mpj.jar" ]; then
            export MPJ_HOME
            return 0
        fi
        echo "mpjtrace: MPJ_HOME=$MPJ_HOME has no lib/starter.jar and lib/mpj.jar; unset it or point it at an MPJ Express 0.44 install" >&2
        return 1
    fi
    local debian=/usr/share/mpj/lib
    if [ ! -f "$debian/starter-0.44.jar" ]; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
            echo "mpjtrace: installing MPJ Express (Debian package libmpj-java)..." >&2
            if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libmpj-java; } >/dev/null 2>&1; then
                echo "mpjtrace: apt-get install libmpj-java failed; install it, or set MPJ_HOME to an MPJ Express 0.44 install" >&2
                return 1
            fi
        else
            echo "mpjtrace: MPJ Express not found: run 'apt-get install libmpj-java' as root, or set MPJ_HOME to an MPJ Express 0.44 install" >&2
            return 1
        fi
    fi
    local home="$repo/target/mpj-home"
    if [ ! -f "$home/.complete" ]; then
        rm -rf "$home" && mkdir -p "$home/lib" "$home/conf" || return 1
        local jar
        for jar in "$debian"/*-0.44.jar; do
            cp "$jar" "$home/lib/$(basename "$jar" -0.44.jar).jar" || return 1
        done
        cp /usr/share/java/log4j-1.2.jar /usr/share/java/commons-codec.jar /usr/share/java/commons-io.jar "$home/lib/" || return 1
        cp /etc/mpj/* "$home/conf/" || return 1
        touch "$home/.complete"
    fi
    export MPJ_HOME="$home"
}

# Makes MPJ Express's mpj.jar (from MPJ_HOME) the Maven artifact mpj-express:mpj:0.44 in the local
# repository, which the build compiles against (MPJ Express is not on Maven Central). Once done, plain
# `mvn package` works without MPJ_HOME. Run every time rather than skipped when the jar seems to be
# there: Maven's local repository may not be ~/.m2 (settings.xml, -Dmaven.repo.local in MAVEN_OPTS), and
# installing takes a few seconds. Prints one line to stderr and returns 1 when it cannot.
mpjtrace_mpj_in_maven() {
    local repo="$1"
    if ! (cd "$repo" && mvn -B -q -N org.apache.maven.plugins:maven-install-plugin:3.1.3:install-file \
            -Dfile="$MPJ_HOME/lib/mpj.jar" -DgroupId=mpj-express -DartifactId=mpj -Dversion=0.44 -Dpackaging=jar) >/dev/null 2>&1; then
        echo "mpjtrace: could not install $MPJ_HOME/lib/mpj.jar into the local Maven repository as mpj-express:mpj:0.44" >&2
        return 1
    fi
}
