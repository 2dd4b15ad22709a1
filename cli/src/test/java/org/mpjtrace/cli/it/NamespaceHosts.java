package org.mpjtrace.cli.it;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.mpjtrace.cli.job.Installation;
import org.mpjtrace.cli.job.MpjConf;

/**
 * Four hosts on this machine for niodev jobs: four Linux network namespaces joined by a bridge, each
 * with its own address, host name and MPJ daemon, as four machines on one network would be. MPJ looks
 * host names up (the daemon its own at start, a rank the starter's to send it output), so each namespace
 * gets a hosts file of its own ({@code /etc/netns/NAME/hosts}, which {@code ip netns exec} puts in place
 * of /etc/hosts) naming the four hosts and this machine on the bridge, and each daemon runs under
 * {@code unshare --uts} with its own host name.
 *
 * <p>Needs root and iproute2's {@code ip}; {@link #unavailable} says why not when they are missing or
 * the machine does not permit namespaces, so the test can skip with that reason. {@link #close} stops
 * the daemons (and the rank JVMs they started) and removes everything it made.
 */
final class NamespaceHosts implements AutoCloseable {
    static final int HOSTS = 4;
    private static final String PREFIX = "mpjtrace-it";
    private static final String BRIDGE = "mpjtbr0";
    private static final String NET = "10.213.77.";

    private final Path machines;
    private final List<Process> daemons = new ArrayList<>();

    private NamespaceHosts(Path machines) {
        this.machines = machines;
    }

    /** Why namespace hosts cannot be made here, or null when they can (tried with a namespace made and removed). */
    static String unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) return "network namespaces need root";
        if (!Files.isExecutable(Path.of("/usr/sbin/ip")) && !Files.isExecutable(Path.of("/sbin/ip")) && !Files.isExecutable(Path.of("/usr/bin/ip")))
            return "iproute2's ip is not installed";
        String probe = PREFIX + "-probe";
        try {
            run("ip", "netns", "add", probe);
            run("ip", "netns", "del", probe);
            return null;
        } catch (IOException e) {
            return "this machine does not permit network namespaces: " + e.getMessage();
        }
    }

    /** Makes the four hosts and starts their daemons; the machines file names their addresses. */
    static NamespaceHosts start(Path dir) throws IOException {
        clean();
        String self = run("hostname").strip();
        Path machines = dir.resolve("machines");
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < HOSTS; i++) list.append(address(i)).append('\n');
        Files.writeString(machines, list, StandardCharsets.US_ASCII);
        NamespaceHosts hosts = new NamespaceHosts(machines);
        try {
            run("ip", "link", "add", BRIDGE, "type", "bridge");
            run("ip", "addr", "add", NET + "1/24", "dev", BRIDGE);
            run("ip", "link", "set", BRIDGE, "up");
            Path home = Installation.fromEnvironment().mpjHome();
            int port = MpjConf.daemonPort(home);
            for (int i = 0; i < HOSTS; i++) {
                String ns = namespace(i), veth = "mpjtv" + i, peer = "mpjtp" + i;
                run("ip", "netns", "add", ns);
                run("ip", "link", "add", veth, "type", "veth", "peer", "name", peer);
                run("ip", "link", "set", veth, "master", BRIDGE);
                run("ip", "link", "set", veth, "up");
                run("ip", "link", "set", peer, "netns", ns);
                run("ip", "netns", "exec", ns, "ip", "addr", "add", address(i) + "/24", "dev", peer);
                run("ip", "netns", "exec", ns, "ip", "link", "set", peer, "up");
                run("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
                StringBuilder names = new StringBuilder("127.0.0.1 localhost\n").append(NET).append("1 ").append(self).append('\n');
                for (int j = 0; j < HOSTS; j++) names.append(address(j)).append(' ').append(host(j)).append('\n');
                Path etc = Path.of("/etc/netns", ns);
                Files.createDirectories(etc);
                Files.writeString(etc.resolve("hosts"), names, StandardCharsets.US_ASCII);
                Path work = Files.createDirectories(dir.resolve(host(i)));
                ProcessBuilder pb = new ProcessBuilder("ip", "netns", "exec", ns, "unshare", "--uts", "sh", "-c",
                        "hostname " + host(i) + " && exec java -jar '" + home.resolve("lib/daemon.jar") + "' " + port);
                pb.environment().put("MPJ_HOME", home.toString());
                pb.directory(work.toFile()).redirectErrorStream(true).redirectOutput(work.resolve("daemon.log").toFile());
                hosts.daemons.add(pb.start());
            }
            for (int i = 0; i < HOSTS; i++) awaitListening(address(i), port, hosts.daemons.get(i));
            return hosts;
        } catch (IOException | RuntimeException e) {
            hosts.close();
            throw e;
        }
    }

    Path machinesFile() {
        return machines;
    }

    static String host(int i) {
        return "mpjthost" + i;
    }

    private static String address(int i) {
        return NET + (10 + i);
    }

    private static String namespace(int i) {
        return PREFIX + i;
    }

    /** A daemon is up once its port takes a connection from this machine, across the bridge. */
    private static void awaitListening(String address, int port, Process daemon) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            if (!daemon.isAlive()) throw new IOException("the MPJ daemon on " + address + " exited with code " + daemon.exitValue());
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(address, port), 500);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) throw new IOException("no MPJ daemon listening on " + address + ":" + port + " within 60 s");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the daemons");
            }
        }
    }

    @Override
    public void close() {
        for (Process p : daemons) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : daemons) {
            try {
                p.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        clean();
    }

    /** Removes what a run (this one, or one that died half way) left: namespaces, their hosts files, the bridge. */
    private static void clean() {
        for (int i = 0; i < HOSTS; i++) {
            quietly("ip", "netns", "del", namespace(i));
            try {
                Path etc = Path.of("/etc/netns", namespace(i));
                Files.deleteIfExists(etc.resolve("hosts"));
                Files.deleteIfExists(etc);
            } catch (IOException e) {
                // Left for the next run's clean, which tries again.
            }
        }
        quietly("ip", "link", "del", BRIDGE);
    }

    private static void quietly(String... command) {
        try {
            run(command);
        } catch (IOException e) {
            // Not there: nothing to remove.
        }
    }

    /** Runs a command to its end; its output, or an IOException with its last line when it fails. */
    private static String run(String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + ": did not end within 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command));
        }
        if (p.exitValue() != 0) {
            String last = out.strip().isEmpty() ? "exit " + p.exitValue() : out.strip().lines().reduce((a, b) -> b).orElse("");
            throw new IOException(String.join(" ", command) + ": " + last);
        }
        return out;
    }
}
