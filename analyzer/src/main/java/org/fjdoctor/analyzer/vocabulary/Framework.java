package org.fjdoctor.analyzer.vocabulary;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The fork/join frameworks fjdoctor recognises: the JDK's and the backports and forks of Doug Lea's
 * jsr166 that real projects still use, often vendored as source. They share the class names of
 * {@link Role}; only the package differs, so adding a framework is one constant here.
 */
public enum Framework {
    JDK("java.util.concurrent"),
    JSR166Y("jsr166y"),
    JSR166E("jsr166e"),
    /** ParallelArray and friends, built on jsr166y: no task types of its own, but library code. */
    EXTRA166Y("extra166y"),
    SCALA("scala.concurrent.forkjoin"),
    AKKA("akka.dispatch.forkjoin"),
    STREAMSUPPORT("java8.util.concurrent");

    /** The fork/join classes every framework declares under the same simple name. */
    public enum Role {
        TASK("ForkJoinTask"),
        RECURSIVE_TASK("RecursiveTask"),
        RECURSIVE_ACTION("RecursiveAction"),
        COUNTED_COMPLETER("CountedCompleter"),
        POOL("ForkJoinPool"),
        WORKER_THREAD("ForkJoinWorkerThread");

        private final String simpleName;

        Role(String simpleName) {
            this.simpleName = simpleName;
        }

        public String simpleName() {
            return simpleName;
        }

        /** This role's qualified name in every framework. */
        public Set<String> qualifiedNames() {
            return Arrays.stream(Framework.values()).map(f -> f.qualified(this)).collect(Collectors.toUnmodifiableSet());
        }
    }

    /** Roles whose subtypes are tasks (in no-classpath mode a backport's RecursiveTask may not resolve further). */
    public static final List<Role> TASK_ROLES = List.of(Role.TASK, Role.RECURSIVE_TASK, Role.RECURSIVE_ACTION,
            Role.COUNTED_COMPLETER);

    private static final Set<String> TASK_TYPES = TASK_ROLES.stream().flatMap(r -> r.qualifiedNames().stream())
            .collect(Collectors.toUnmodifiableSet());

    private final String packageName;

    Framework(String packageName) {
        this.packageName = packageName;
    }

    public String packageName() {
        return packageName;
    }

    /** {@code jsr166y.ForkJoinPool} for {@code JSR166Y.qualified(POOL)}. */
    public String qualified(Role role) {
        return packageName + "." + role.simpleName();
    }

    /** Qualified names of every framework's task base types. */
    public static Set<String> taskTypes() {
        return TASK_TYPES;
    }

    /** Simple names of every role: what the lexical scope looks for in a file. */
    public static Set<String> simpleNames() {
        return Arrays.stream(Role.values()).map(Role::simpleName).collect(Collectors.toUnmodifiableSet());
    }

    /** The framework that declares {@code qualifiedName} as one of its roles' types. */
    public static Optional<Framework> declaring(String qualifiedName) {
        for (Framework framework : values()) {
            for (Role role : Role.values()) {
                if (framework.qualified(role).equals(qualifiedName)) {
                    return Optional.of(framework);
                }
            }
        }
        return Optional.empty();
    }

    /** Whether {@code qualifiedTypeName} lies in this framework's package (or one below it). */
    boolean contains(String qualifiedTypeName) {
        return qualifiedTypeName.startsWith(packageName + ".");
    }
}
