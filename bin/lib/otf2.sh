# Sourced by bin/test: makes sure OTF2's library (libotf2, which `mpjtrace export --format otf2` calls)
# and its otf2-print (which the export's tests read archives back with) are installed. Debian packages
# them as libopen-trace-format2-10 and otf2-tools; as root they are installed with apt-get, as MPJ
# Express is (see mpj-home.sh). Prints one line to stderr and returns 1 when they are missing and cannot
# be installed.

mpjtrace_otf2() {
    if command -v otf2-print >/dev/null 2>&1 && mpjtrace_otf2_library_present; then
        return 0
    fi
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "mpjtrace: installing OTF2 (Debian packages libopen-trace-format2-10 otf2-tools)..." >&2
        if { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libopen-trace-format2-10 otf2-tools; } >/dev/null 2>&1; then
            return 0
        fi
        echo "mpjtrace: apt-get install libopen-trace-format2-10 otf2-tools failed; install them to run the OTF2 export's tests" >&2
        return 1
    fi
    echo "mpjtrace: OTF2 not found: run 'apt-get install libopen-trace-format2-10 otf2-tools' as root (the OTF2 export's tests need them)" >&2
    return 1
}

# The library under Debian's name or an upstream build's (the names Otf2Loader tries).
mpjtrace_otf2_library_present() {
    local ldconfig
    ldconfig=$(command -v ldconfig || echo /sbin/ldconfig) # not on a non-root user's PATH on Debian
    "$ldconfig" -p 2>/dev/null | grep -qE 'lib(open-trace-format2|otf2)\.so\.10 '
}
