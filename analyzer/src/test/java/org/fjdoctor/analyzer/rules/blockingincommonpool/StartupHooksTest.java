package org.fjdoctor.analyzer.rules.blockingincommonpool;

import java.util.stream.Stream;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Blocking work submitted to the common pool from code that a plugin, mod, servlet or UI framework runs once per
 * start (a Bukkit plugin's {@code onEnable}, a Fabric mod's {@code onInitialize}, ...), directly or through
 * helpers that only start-up code calls, delays the start once: no finding. The same submission reached from a
 * per-event listener, a command handler or shutdown code stays a warning.
 */
class StartupHooksTest {

    private static final String JAVA_PLUGIN = """
            package org.bukkit.plugin.java;
            public abstract class JavaPlugin {
                public void onEnable() {
                }
                public void onDisable() {
                }
            }
            """;

    private static final String DAY_LISTENER = """
            package p;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.concurrent.CompletableFuture;
            import org.bukkit.plugin.java.JavaPlugin;
            public class DayListener {
                private static int currentDay;
                public static void init(JavaPlugin plugin) {
                    loadCurrentDayAsync().thenAccept(day -> currentDay = day);
                }
                public static CompletableFuture<Integer> loadCurrentDayAsync() {
                    return CompletableFuture.supplyAsync(() -> read("day"));
                }
                public static CompletableFuture<Integer> loadSettingsAsync() {
                    return CompletableFuture.supplyAsync(() -> read("settings")); // expect: blocking-in-common-pool
                }
                public static CompletableFuture<Integer> loadStatsAsync() {
                    return CompletableFuture.supplyAsync(() -> read("stats")); // expect: blocking-in-common-pool
                }
                static int read(String name) {
                    try {
                        return Files.readAllBytes(Path.of(name)).length;
                    } catch (java.io.IOException e) {
                        return 0;
                    }
                }
            }
            """;

    private static final String MAIN = """
            package p;
            import org.bukkit.event.EventHandler;
            import org.bukkit.event.Listener;
            import org.bukkit.event.player.PlayerJoinEvent;
            import org.bukkit.plugin.java.JavaPlugin;
            public class Main extends JavaPlugin implements Listener {
                @Override
                public void onEnable() {
                    DayListener.init(this);
                    DayListener.loadSettingsAsync();
                    getServer().getScheduler().runTaskTimer(this, () -> DayListener.loadStatsAsync(), 0L, 20L);
                }
                @EventHandler
                public void onJoin(PlayerJoinEvent event) {
                    reload();
                }
                private void reload() {
                    DayListener.loadSettingsAsync();
                }
            }
            """;

    @Test
    void aSubmissionReachedOnlyFromABukkitPluginsOnEnableIsNoFindingAndFromAListenerOrATimerAWarning() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("org/bukkit/plugin/java/JavaPlugin.java", JAVA_PLUGIN)
                .source("p/DayListener.java", DAY_LISTENER).source("p/Main.java", MAIN).check();
    }

    @Test
    void withoutTheFrameworkOnTheClassPathTheImportedSupertypeStillNamesTheHook() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/DayListener.java", DAY_LISTENER)
                .source("p/Main.java", MAIN).check();
    }

    private static final String TOTEM = """
            package p;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.concurrent.CompletableFuture;
            public class Totem {
                private int probability;
                public Totem() {
                    load();
                }
                private void load() {
                    CompletableFuture.runAsync(() -> probability = DayListener.read("totem"));
                }
            }
            """;
    private static final String WARDEN = """
            package p;
            import java.util.concurrent.CompletableFuture;
            public class Warden {
                public Warden(String name) {
                    CompletableFuture.runAsync(() -> DayListener.read(name)); // expect: blocking-in-common-pool
                }
            }
            """;
    private static final String TOTEM_PLUGIN = """
            package p;
            import org.bukkit.event.EventHandler;
            import org.bukkit.event.Listener;
            import org.bukkit.event.player.PlayerJoinEvent;
            import org.bukkit.plugin.java.JavaPlugin;
            public class TotemPlugin extends JavaPlugin implements Listener {
                private Totem totem;
                @Override
                public void onEnable() {
                    totem = new Totem();
                    new Warden("spawn");
                }
                @EventHandler
                public void onJoin(PlayerJoinEvent event) {
                    new Warden(event.getPlayer().getName());
                }
            }
            """;

    @Test
    void aSubmissionInAConstructorThatOnlyOnEnableCallsIsNoFindingAndOneAlsoCalledPerEventAWarning() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/DayListener.java", DAY_LISTENER)
                .source("p/Main.java", MAIN).source("p/Totem.java", TOTEM).source("p/Warden.java", WARDEN)
                .source("p/TotemPlugin.java", TOTEM_PLUGIN).check();
    }

    private static final String WORK = """
            package p;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.concurrent.CompletableFuture;
            public class Work {
                public static void load() {
                    CompletableFuture.runAsync(() -> read("start"));
                }
                public static void perCall() {
                    CompletableFuture.runAsync(() -> read("again")); // expect: blocking-in-common-pool
                }
                static void read(String name) {
                    try {
                        Files.readAllBytes(Path.of(name));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            }
            """;

    static Stream<Arguments> frameworks() {
        return Stream.of(
                Arguments.of("BungeeCord", """
                        package p;
                        import net.md_5.bungee.api.plugin.Plugin;
                        public class Hook extends Plugin {
                            @Override
                            public void onEnable() {
                                Work.load();
                            }
                            @Override
                            public void onDisable() {
                                Work.perCall();
                            }
                        }
                        """),
                Arguments.of("Velocity", """
                        package p;
                        import com.velocitypowered.api.event.Subscribe;
                        import com.velocitypowered.api.event.connection.PostLoginEvent;
                        import com.velocitypowered.api.event.proxy.ProxyInitializeEvent;
                        public class Hook {
                            @Subscribe
                            public void onProxyInitialization(ProxyInitializeEvent event) {
                                Work.load();
                            }
                            @Subscribe
                            public void onLogin(PostLoginEvent event) {
                                Work.perCall();
                            }
                        }
                        """),
                Arguments.of("Sponge", """
                        package p;
                        import org.spongepowered.api.Server;
                        import org.spongepowered.api.event.Listener;
                        import org.spongepowered.api.event.block.ChangeBlockEvent;
                        import org.spongepowered.api.event.lifecycle.StartingEngineEvent;
                        public class Hook {
                            @Listener
                            public void onStarting(StartingEngineEvent<Server> event) {
                                Work.load();
                            }
                            @Listener
                            public void onChange(ChangeBlockEvent.All event) {
                                Work.perCall();
                            }
                        }
                        """),
                Arguments.of("Fabric", """
                        package p;
                        import net.fabricmc.api.ModInitializer;
                        public class Hook implements ModInitializer {
                            @Override
                            public void onInitialize() {
                                Work.load();
                            }
                            public void onTick() {
                                Work.perCall();
                            }
                        }
                        """),
                Arguments.of("Forge", """
                        package p;
                        import net.minecraftforge.event.RegisterCommandsEvent;
                        import net.minecraftforge.eventbus.api.IEventBus;
                        import net.minecraftforge.fml.event.lifecycle.FMLCommonSetupEvent;
                        public class Hook {
                            public Hook(IEventBus bus) {
                                bus.addListener(this::setup);
                                bus.addListener(this::commands);
                            }
                            private void setup(final FMLCommonSetupEvent event) {
                                Work.load();
                            }
                            private void commands(final RegisterCommandsEvent event) {
                                Work.perCall();
                            }
                        }
                        """),
                Arguments.of("servlet", """
                        package p;
                        import javax.servlet.ServletException;
                        import javax.servlet.http.HttpServlet;
                        import javax.servlet.http.HttpServletRequest;
                        import javax.servlet.http.HttpServletResponse;
                        public class Hook extends HttpServlet {
                            @Override
                            public void init() throws ServletException {
                                Work.load();
                            }
                            @Override
                            protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                                Work.perCall();
                            }
                        }
                        """),
                Arguments.of("servlet context", """
                        package p;
                        import jakarta.servlet.ServletContextEvent;
                        import jakarta.servlet.ServletContextListener;
                        public class Hook implements ServletContextListener {
                            @Override
                            public void contextInitialized(ServletContextEvent event) {
                                Work.load();
                            }
                            @Override
                            public void contextDestroyed(ServletContextEvent event) {
                                Work.perCall();
                            }
                        }
                        """),
                Arguments.of("JavaFX", """
                        package p;
                        import javafx.application.Application;
                        import javafx.stage.Stage;
                        public class Hook extends Application {
                            @Override
                            public void start(Stage stage) {
                                Work.load();
                                stage.setOnCloseRequest(event -> Work.perCall());
                            }
                        }
                        """));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("frameworks")
    void aSubmissionFromAStartUpHookIsNoFindingAndFromOtherCodeAWarning(String framework, String hook) {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Work.java", WORK).source("p/Hook.java", hook).check();
    }
}
