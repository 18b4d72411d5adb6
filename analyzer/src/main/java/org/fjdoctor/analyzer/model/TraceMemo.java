package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * The backward traces of {@link FunctionFlow}, remembered with the calling context they depended on. A
 * trace reads its call path only to ask which call of a parameter's method bound the parameter; every
 * other step depends on the model alone. So a trace is kept with the answers it got (its probes), and a
 * later walk that reaches the same call by another path reuses it when the same questions, asked of the
 * new path, get the same answers: the trace would then take exactly the same steps. The call graph walks
 * once per common-pool entry and meets the same calls by many paths; without this each walk re-traced them.
 */
final class TraceMemo {

    /** The context of a value reached without a call path (through a field, a queue, or every call site). */
    static final int NO_CONTEXT = -1;
    /** {@link Walk#bind}'s answer when the path binds no parameter of the method asked about. */
    static final int UNBOUND = -2;
    /** Traces kept per start: a call met by more distinct contexts than this is traced afresh each time. */
    private static final int MAX_PER_START = 16;

    /** One question a trace asked of its path: from {@code context}, which call of {@code owner} bound its parameters. */
    private record Probe(int context, CtExecutable<?> owner, CtAbstractInvocation<?> site) {
    }

    private record Memo(List<Probe> probes, FunctionFlow.Traced traced) {
    }

    private final Map<CtElement, List<Memo>> memos = new IdentityHashMap<>();

    /** What {@code trace} finds from {@code start} on the call path {@code reach}, traced at most once per context. */
    FunctionFlow.Traced traced(CtElement start, Reach reach, Consumer<Walk> trace) {
        List<Memo> known = memos.computeIfAbsent(start, k -> new ArrayList<>());
        for (Memo memo : known) {
            if (replays(memo.probes(), reach)) {
                return memo.traced();
            }
        }
        Walk walk = new Walk(reach);
        trace.accept(walk);
        FunctionFlow.Traced traced = new FunctionFlow.Traced(List.copyOf(walk.found), walk.complete);
        if (known.size() < MAX_PER_START) {
            known.add(new Memo(List.copyOf(walk.probes), traced));
        }
        return traced;
    }

    /** Whether the probes, asked of the path {@code root}, get the answers they got. */
    private static boolean replays(List<Probe> probes, Reach root) {
        List<Reach> contexts = new ArrayList<>();
        contexts.add(root);
        for (Probe probe : probes) {
            Reach bound = FunctionFlow.boundAt(probe.context() == NO_CONTEXT ? null : contexts.get(probe.context()),
                    probe.owner());
            if (siteOf(bound) != probe.site()) {
                return false;
            }
            if (bound != null) {
                contexts.add(bound.caller());
            }
        }
        return true;
    }

    private static CtAbstractInvocation<?> siteOf(Reach bound) {
        return bound == null ? null : (CtAbstractInvocation<?>) bound.callSite();
    }

    /**
     * One backward trace: what it found, what it has seen, whether some value's origin stayed unknown, and
     * the call paths it reads, by number: 0 is the path it started on, each binding adds its caller's.
     */
    static final class Walk {
        final List<CtExecutable<?>> found = new ArrayList<>();
        final Set<CtElement> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        boolean complete = true;
        private final List<Reach> contexts = new ArrayList<>();
        private final List<CtAbstractInvocation<?>> sites = new ArrayList<>();
        private final List<Probe> probes = new ArrayList<>();

        private Walk(Reach root) {
            contexts.add(root);
            sites.add(null);
        }

        int root() {
            return 0;
        }

        /**
         * The context in which the parameters of {@code owner} are what its call on the path {@code context}
         * passed ({@link #site} gives that call), or {@link #UNBOUND} when the path has no such call.
         */
        int bind(int context, CtExecutable<?> owner) {
            Reach bound = FunctionFlow.boundAt(context == NO_CONTEXT ? null : contexts.get(context), owner);
            probes.add(new Probe(context, owner, siteOf(bound)));
            if (bound == null) {
                return UNBOUND;
            }
            contexts.add(bound.caller());
            sites.add(siteOf(bound));
            return contexts.size() - 1;
        }

        /** The call that bound the parameters in {@code context}. */
        CtAbstractInvocation<?> site(int context) {
            return sites.get(context);
        }
    }
}
