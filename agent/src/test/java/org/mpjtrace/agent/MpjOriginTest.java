package org.mpjtrace.agent;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import org.junit.jupiter.api.Test;

class MpjOriginTest {
    private static ProtectionDomain from(String path) throws Exception {
        URL url = Path.of(path).toUri().toURL();
        return new ProtectionDomain(new CodeSource(url, (Certificate[]) null), null);
    }

    @Test
    void mpjsClassesAreToldByTheirJarNotTheirPackage() throws Exception {
        MpjOrigin origin = new MpjOrigin("/opt/mpj");
        assertTrue(origin.isMpj("mpi/Comm", from("/opt/mpj/lib/mpj.jar")));
        assertTrue(origin.isMpj("mpi/Comm", from("/usr/share/mpj/lib/mpj-0.44.jar")), "Debian's versioned jar, outside MPJ_HOME");
        assertTrue(origin.isMpj("xdev/Device", from("/opt/mpj/lib/custom-build.jar")), "any jar in MPJ_HOME/lib");
        assertFalse(origin.isMpj("mpi/ccl/allgather", from("/home/u/tests/classes/")), "an application's package named mpi.ccl");
        assertFalse(origin.isMpj("mpi/ccl/allgather", from("/home/u/tests/mpjtests.jar")));
        assertFalse(origin.isMpj("org/x/Main", from("/home/u/app.jar")));
    }

    @Test
    void withoutACodeSourceMpjsPackagesAreItsOwn() {
        MpjOrigin origin = new MpjOrigin(null);
        assertTrue(origin.isMpj("mpi/Comm", null));
        assertTrue(origin.isMpj("mpjdev/Request", new ProtectionDomain(null, null)));
        assertFalse(origin.isMpj("org/x/Main", null));
    }
}
