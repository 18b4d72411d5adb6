package org.fjdoctor.analyzer.vocabulary;

import java.util.List;
import java.util.Set;

import spoon.reflect.reference.CtTypeReference;

/**
 * The call-backs that an application container, a plugin or mod loader, a servlet container or a UI toolkit runs
 * once per start of the program: by the type that declares them and the method's name and parameter count, or by
 * the annotation that registers a listener and the start-up events it may take. Only call-backs the framework
 * calls once belong here: not shutdown ({@code onDisable}, {@code destroy}) and not per-event listeners. Without
 * a classpath a type imported by a wildcard has no package: it matches by its simple name then.
 */
public final class StartupHooks {

    /** A method a framework calls once per start on its subtypes: {@code owner}'s {@code method} of that arity. */
    public record Callback(String owner, String method, int parameters) {
    }

    /**
     * A listener method that the framework calls for one of {@code events} (its parameter's type, or for Spring's
     * {@code @EventListener} a class named in the annotation), each posted once per start. A {@code null}
     * annotation: any method taking such an event, however the listener is registered (Forge's mod bus takes
     * {@code addListener(this::setup)} as well as {@code @SubscribeEvent}).
     */
    public record Listener(String annotation, Set<String> events) {
    }

    /** Annotations whose methods the container calls once, after it built the instance. */
    public static final Set<String> ONCE_AT_START = Set.of("javax.annotation.PostConstruct",
            "jakarta.annotation.PostConstruct");

    private static final Set<String> SPRING_START_EVENTS = Set.of(
            "org.springframework.boot.context.event.ApplicationReadyEvent",
            "org.springframework.boot.context.event.ApplicationStartedEvent",
            "org.springframework.context.event.ContextRefreshedEvent");

    /** Spring's listener interface, whose {@code onApplicationEvent} runs once for a start-up event type argument. */
    public static final Callback SPRING_APPLICATION_LISTENER = new Callback(
            "org.springframework.context.ApplicationListener", "onApplicationEvent", 1);

    public static final List<Callback> CALLBACKS = List.of(
            // Spring Boot's runners, a bean's afterPropertiesSet, a SmartLifecycle's start
            new Callback("org.springframework.boot.CommandLineRunner", "run", 1),
            new Callback("org.springframework.boot.ApplicationRunner", "run", 1),
            new Callback("org.springframework.beans.factory.InitializingBean", "afterPropertiesSet", 0),
            new Callback("org.springframework.context.SmartLifecycle", "start", 0),
            // Bukkit, Spigot and Paper plugins; BungeeCord plugins
            new Callback("org.bukkit.plugin.java.JavaPlugin", "onLoad", 0),
            new Callback("org.bukkit.plugin.java.JavaPlugin", "onEnable", 0),
            new Callback("net.md_5.bungee.api.plugin.Plugin", "onLoad", 0),
            new Callback("net.md_5.bungee.api.plugin.Plugin", "onEnable", 0),
            // Fabric's entry points
            new Callback("net.fabricmc.api.ModInitializer", "onInitialize", 0),
            new Callback("net.fabricmc.api.ClientModInitializer", "onInitializeClient", 0),
            new Callback("net.fabricmc.api.DedicatedServerModInitializer", "onInitializeServer", 0),
            // servlets and their context's listeners: the container initializes each once
            new Callback("javax.servlet.GenericServlet", "init", 0),
            new Callback("javax.servlet.GenericServlet", "init", 1),
            new Callback("jakarta.servlet.GenericServlet", "init", 0),
            new Callback("jakarta.servlet.GenericServlet", "init", 1),
            // without a classpath a servlet's supertype is HttpServlet, not the GenericServlet it extends
            new Callback("javax.servlet.http.HttpServlet", "init", 0),
            new Callback("javax.servlet.http.HttpServlet", "init", 1),
            new Callback("jakarta.servlet.http.HttpServlet", "init", 0),
            new Callback("jakarta.servlet.http.HttpServlet", "init", 1),
            new Callback("javax.servlet.ServletContextListener", "contextInitialized", 1),
            new Callback("jakarta.servlet.ServletContextListener", "contextInitialized", 1),
            // JavaFX's launcher: init, then start with the primary stage
            new Callback("javafx.application.Application", "init", 0),
            new Callback("javafx.application.Application", "start", 1));

    public static final List<Listener> LISTENERS = List.of(
            new Listener("org.springframework.context.event.EventListener", SPRING_START_EVENTS),
            new Listener("com.velocitypowered.api.event.Subscribe",
                    Set.of("com.velocitypowered.api.event.proxy.ProxyInitializeEvent")),
            new Listener("org.spongepowered.api.event.Listener", Set.of(
                    "org.spongepowered.api.event.lifecycle.ConstructPluginEvent",
                    "org.spongepowered.api.event.lifecycle.StartingEngineEvent",
                    "org.spongepowered.api.event.lifecycle.StartedEngineEvent",
                    "org.spongepowered.api.event.lifecycle.LoadedGameEvent",
                    "org.spongepowered.api.event.game.state.GamePreInitializationEvent",
                    "org.spongepowered.api.event.game.state.GameInitializationEvent",
                    "org.spongepowered.api.event.game.state.GamePostInitializationEvent")),
            new Listener(null, Set.of(
                    "net.minecraftforge.fml.event.lifecycle.FMLCommonSetupEvent",
                    "net.minecraftforge.fml.event.lifecycle.FMLClientSetupEvent",
                    "net.neoforged.fml.event.lifecycle.FMLCommonSetupEvent",
                    "net.neoforged.fml.event.lifecycle.FMLClientSetupEvent")));

    private StartupHooks() {
    }

    /** Whether Spring delivers {@code event} once at start-up. */
    public static boolean springStartEvent(CtTypeReference<?> event) {
        return event != null && named(event, SPRING_START_EVENTS);
    }

    /** Whether {@code type} is one of {@code names}, by its simple name where it has no package. */
    public static boolean named(CtTypeReference<?> type, Set<String> names) {
        return type != null && (names.contains(type.getQualifiedName()) || type.getPackage() == null
                && names.stream().anyMatch(name -> name.endsWith("." + type.getSimpleName())));
    }

    /** The simple name of a qualified one. */
    public static String simpleName(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
