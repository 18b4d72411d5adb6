package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * In a lambda JDT leaves unbound (the key of {@code computeIfAbsent} has a missing type), {@code MyPlugin.conn} is
 * kept as an unbound dotted name, so {@code val conn = MyPlugin.conn.getConnection()} had no type and the JDBC
 * query through it matched nothing. A static field of a source class so named has its declared type; a field
 * that is not static stays unknown.
 */
class UnboundStaticFieldTest {

    private static final String FACTORY = """
            package p;
            import java.sql.Connection;
            import java.sql.DriverManager;
            import java.sql.SQLException;
            import lombok.val;
            public class ConnectionFactory {
                private volatile Connection connection;
                public void newConnection() throws SQLException {
                    val c = connection;
                    if (c == null || !c.isValid(1)) {
                        connection = DriverManager.getConnection("u", "a", "b");
                    }
                }
                public Connection getConnection() throws SQLException {
                    newConnection();
                    return connection;
                }
            }
            """;
    private static final String PLUGIN = """
            package p;
            public class MyPlugin {
                static ConnectionFactory conn;
            }
            """;
    private static final String POOL = """
            package p;
            import java.sql.SQLException;
            import java.util.HashMap;
            import java.util.Map;
            import java.util.UUID;
            import java.util.concurrent.CompletableFuture;
            import java.util.concurrent.Future;
            import lombok.val;
            import org.bukkit.entity.Player;
            public enum TimePool {
                INSTANCE;
                private final Map<UUID, Future<Integer>> pool = new HashMap<>();
                public Future<Integer> look(Player p) {
                    return pool.computeIfAbsent(p.getUniqueId(), id -> CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool
                        try {
                            val conn = MyPlugin.conn.getConnection();
                            try (val st = conn.prepareStatement("x")) {
                                st.setString(1, p.getName());
                                try (val result = st.executeQuery()) {
                                    return result.getInt(1);
                                }
                            }
                        } catch (SQLException e) {
                            throw new RuntimeException(e);
                        }
                    }));
                }
            }
            """;

    @Test
    void aStaticFieldNamedThroughItsClassInAnUnboundLambdaHasItsDeclaredType() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/ConnectionFactory.java", FACTORY)
                .source("p/MyPlugin.java", PLUGIN).source("p/TimePool.java", POOL).check();
    }

    @Test
    void anInstanceFieldSoNamedStaysUnknown() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/ConnectionFactory.java", FACTORY)
                .source("p/MyPlugin.java", PLUGIN.replace("static ConnectionFactory", "ConnectionFactory"))
                .source("p/TimePool.java", POOL.replace(" // expect: blocking-in-common-pool", "")).check();
    }
}
