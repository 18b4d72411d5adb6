package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Lombok's {@code val x = init;} (and {@code lombok.var}) declares a local of its initializer's type, as Java's
 * {@code var} does; without Lombok on the classpath Spoon types it {@code lombok.val}, so a socket connected or a
 * JDBC statement run through such a local matched no blocking API. Read like a {@code var}; a class named
 * {@code val} of the project's own keeps its meaning.
 */
class LombokValTest {

    private static final String CLIENT = """
            package p;
            import java.io.DataOutputStream;
            import java.io.IOException;
            import java.io.UncheckedIOException;
            import java.net.InetSocketAddress;
            import java.net.Socket;
            import java.sql.Connection;
            import java.sql.SQLException;
            import java.util.concurrent.CompletableFuture;
            import lombok.val;
            class Client {
                void ping(String host) {
                    CompletableFuture.runAsync(() -> { // expect: blocking-in-common-pool
                        try {
                            val cli = new Socket();
                            cli.connect(new InetSocketAddress(host, 80));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                }
                void send(Socket socket) {
                    CompletableFuture.runAsync(() -> { // expect: blocking-in-common-pool
                        try {
                            val buf = new DataOutputStream(socket.getOutputStream());
                            buf.writeInt(1);
                            buf.flush();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                }
                void total(Connection conn) {
                    CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool
                        try {
                            val same = conn;
                            try (lombok.var st = same.prepareStatement("SELECT 1")) {
                                return st.executeQuery().next();
                            }
                        } catch (SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    });
                }
            }
            """;

    /** A class of the project's own named {@code val}: its methods are its own, none blocks. */
    private static final String OWN_VAL = """
            package p;
            public class val {
                public val() {
                }
                public val(Object o) {
                }
                public void connect(Object address) {
                }
                public void writeInt(int i) {
                }
                public void flush() {
                }
                public val prepareStatement(String sql) {
                    return this;
                }
                public val executeQuery() {
                    return this;
                }
                public boolean next() {
                    return false;
                }
                public void close() {
                }
            }
            """;

    @Test
    void aLombokValHasItsInitializersType() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Client.java", CLIENT).check();
    }

    @Test
    void aProjectClassNamedValIsLeftAlone() {
        // same code, but `val` is the project's p.val (no Lombok import): nothing it does blocks
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/val.java", OWN_VAL).source("p/Client.java", CLIENT
                .replace("import lombok.val;\n", "").replace("lombok.var st", "val st")
                .replace("new Socket()", "new val()").replace("new DataOutputStream(socket.getOutputStream())",
                        "new val(socket)").replace("val same = conn;", "val same = new val(conn);")
                .replace(" // expect: blocking-in-common-pool", "")).check();
    }
}
