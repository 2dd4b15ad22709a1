# Sourced by bin/test: makes sure headless Chromium is installed, which the tests of `mpjtrace report`
# render its HTML page in. Debian packages it as chromium; as root it is installed with apt-get, as MPJ
# Express is (see mpj-home.sh). Prints one line to stderr and returns 1 when it is missing and cannot be
# installed.

mpjtrace_chromium() {
    if command -v chromium >/dev/null 2>&1; then
        return 0
    fi
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "mpjtrace: installing Chromium (Debian package chromium, for the HTML report's tests)..." >&2
        if { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1; then
            return 0
        fi
        echo "mpjtrace: apt-get install chromium failed; install it to run the HTML report's tests" >&2
        return 1
    fi
    echo "mpjtrace: Chromium not found: run 'apt-get install chromium' as root (the HTML report's tests need it)" >&2
    return 1
}
