package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A call on an interface of a library that is not on the classpath ({@code player.setOp(true)} on a game
 * server API's {@code OfflinePlayer}) runs the project's own implementations of it: Spoon knows the interface
 * only by the qualified name the project's classes implement, and dispatches to those the program creates.
 */
class LibraryInterfaceDispatchTest {

    private static final String PLAYER = """
            package p;
            import org.bukkit.OfflinePlayer;
            public class ServerPlayer implements OfflinePlayer {
                private static final Object OPS = new Object();
                private boolean op;
                @Override
                public void setOp(boolean value) {
                    synchronized (OPS) { // expect: intra-task-sync
                        op = value;
                    }
                }
            }
            """;

    private static final String TASK = """
            package p;
            import java.util.Map;
            import java.util.concurrent.ConcurrentHashMap;
            import java.util.concurrent.RecursiveAction;
            import org.bukkit.OfflinePlayer;
            public class OpTask extends RecursiveAction {
                static final Map<String, OfflinePlayer> PLAYERS = new ConcurrentHashMap<>();
                private final String name;
                OpTask(String name) {
                    this.name = name;
                }
                @Override
                protected void compute() {
                    OfflinePlayer player = PLAYERS.get(name);
                    player.setOp(true);
                }
            }
            """;

    private static final String LOGIN = """
            package p;
            public class Login {
                static void join(String name) {
                    OpTask.PLAYERS.put(name, new ServerPlayer());
                }
            }
            """;

    @Test
    void aMissingLibraryInterfaceRunsTheProjectsImplementations() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/ServerPlayer.java", PLAYER).source("p/OpTask.java", TASK)
                .source("p/Login.java", LOGIN).check();
    }

    @Test
    void anImplementationNothingCreatesIsNotDispatchedTo() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/ServerPlayer.java", PLAYER.replace(" // expect: intra-task-sync", ""))
                .source("p/OpTask.java", TASK).source("p/Login.java", LOGIN.replace("new ServerPlayer()", "null")).check();
    }
}
