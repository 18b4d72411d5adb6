package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A plain continuation ({@code thenAccept}, {@code thenRun}, ..) chained onto a stage that the common pool
 * completes runs its function on the worker that completes it: the stage of an {@code *Async} call without an
 * executor, followed back through plain steps, locals and the source methods that return it. A continuation of
 * an executor's stage, of a {@code completedFuture}, or of a future of unknown origin (a parameter) runs elsewhere.
 */
class StageContinuationTest {

    private static final String DATABASE = """
            package p;
            import java.sql.*;
            import java.util.concurrent.*;
            class Database {
                CompletableFuture<Connection> connectionAsync() {
                    return CompletableFuture.supplyAsync(() -> null);
                }
                CompletableFuture<Connection> connectionOn(Executor executor) {
                    return CompletableFuture.supplyAsync(() -> null, executor);
                }
            }
            """;

    @Test
    void aContinuationOfACommonPoolStageBlocksThere() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Database.java", DATABASE)
                .source("p/Toggle.java", """
                        package p;
                        import java.sql.*;
                        import java.util.concurrent.*;
                        class Toggle {
                            Database database = new Database();
                            CompletableFuture<Void> update(int value) {
                                return database.connectionAsync().thenAccept(conn -> { // expect: blocking-in-common-pool "thenAccept(..) continuation"
                                    try (PreparedStatement statement = conn.prepareStatement("UPDATE t SET v = ?")) {
                                        statement.setInt(1, value);
                                        statement.executeUpdate();
                                    } catch (SQLException e) {
                                        throw new RuntimeException(e);
                                    }
                                });
                            }
                            void chained(String path) {
                                CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> path)
                                        .thenApply(String::trim);
                                read.exceptionally(e -> "")
                                        .thenRun(() -> { // expect: blocking-in-common-pool "thenRun(..) continuation"
                                            try {
                                                Thread.sleep(10);
                                            } catch (InterruptedException e) {
                                                Thread.currentThread().interrupt();
                                            }
                                        });
                            }
                        }
                        """).check();
    }

    @Test
    void aContinuationOfAnExecutorsCompletedOrUnknownStageStaysWhereItIs() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Database.java", DATABASE)
                .source("p/Toggle.java", """
                        package p;
                        import java.sql.*;
                        import java.util.concurrent.*;
                        class Toggle {
                            Database database = new Database();
                            ExecutorService executor = Executors.newFixedThreadPool(4);
                            void update(int value, CompletableFuture<Connection> given) throws Exception {
                                database.connectionOn(executor).thenAccept(conn -> store(conn, value));
                                CompletableFuture.supplyAsync(() -> value, executor).thenApply(v -> v + 1)
                                        .thenAccept(v -> store(null, v));
                                CompletableFuture.completedFuture(value).thenAccept(v -> store(null, v));
                                given.thenAccept(conn -> store(conn, value));
                            }
                            static void store(Connection conn, int value) {
                                try (PreparedStatement statement = conn.prepareStatement("UPDATE t SET v = ?")) {
                                    statement.setInt(1, value);
                                    statement.executeUpdate();
                                } catch (SQLException e) {
                                    throw new RuntimeException(e);
                                }
                            }
                        }
                        """).check();
    }
}
