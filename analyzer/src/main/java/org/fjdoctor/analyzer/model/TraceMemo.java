package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * The backward traces of {@link FunctionFlow}, remembered with the calling context they depended on. A
 * trace reads its call path only to ask which call on it bound a parameter's method (or made the call on
 * the object whose field is read, {@link ReceiverStores}); every other step depends on the model alone. So a trace is kept with the answers it got (its probes), and a
 * later walk that reaches the same call by another path reuses it when the same questions, asked of the
 * new path, get the same answers: the trace would then take exactly the same steps. The call graph walks
 * once per common-pool entry and meets the same calls by many paths; without this each walk re-traced them.
 */
final class TraceMemo {

    /** The context of a value reached without a call path (through a field, a queue, or every call site). */
    static final int NO_CONTEXT = -1;
    /** {@link Walk#bind}'s answer when the path holds no call the question asks for. */
    static final int UNBOUND = -2;
    /** Traces kept per start: a call met by more distinct contexts than this is traced afresh each time. */
    private static final int MAX_PER_START = 16;

    /**
     * One question a trace asked of its path: {@code lookup} from {@code context}, answered by the call path
     * step it found (the call made there and the method it entered), or none.
     */
    private record Probe(int context, UnaryOperator<Reach> lookup, CtElement site, CtExecutable<?> entered) {
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
        // a probe from no context (a value reached through a field, a queue or every call site) asks no path
        boolean readsPath = walk.probes.stream().anyMatch(probe -> probe.context() != NO_CONTEXT);
        FunctionFlow.Traced traced = new FunctionFlow.Traced(List.copyOf(walk.found), walk.complete, readsPath,
                walk.keyed);
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
            Reach bound = probe.lookup().apply(probe.context() == NO_CONTEXT ? null : contexts.get(probe.context()));
            if (siteOf(bound) != probe.site() || enteredBy(bound) != probe.entered()) {
                return false;
            }
            if (bound != null) {
                contexts.add(bound.caller());
            }
        }
        return true;
    }

    private static CtElement siteOf(Reach bound) {
        return bound == null ? null : bound.callSite();
    }

    private static CtExecutable<?> enteredBy(Reach bound) {
        return bound == null ? null : bound.executable();
    }

    /**
     * One backward trace: what it found, what it has seen, whether some value's origin stayed unknown, and
     * the call paths it reads, by number: 0 is the path it started on, each binding adds its caller's.
     */
    static final class Walk {
        final List<CtExecutable<?>> found = new ArrayList<>();
        final Set<CtElement> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        boolean complete = true;
        /** Whether some value was taken out of a container of functions by a key ({@link FunctionContainers}). */
        boolean keyed;
        private final List<Reach> contexts = new ArrayList<>();
        private final List<Reach> bound = new ArrayList<>();
        private final List<Probe> probes = new ArrayList<>();

        private Walk(Reach root) {
            contexts.add(root);
            bound.add(null);
        }

        int root() {
            return 0;
        }

        /**
         * The caller's context of the step {@code lookup} finds on the path {@code context} ({@link #step}
         * gives that step: the call and the method it entered), or {@link #UNBOUND} when it finds none.
         */
        int bind(int context, UnaryOperator<Reach> lookup) {
            Reach found = lookup.apply(context == NO_CONTEXT ? null : contexts.get(context));
            probes.add(new Probe(context, lookup, siteOf(found), enteredBy(found)));
            if (found == null) {
                return UNBOUND;
            }
            contexts.add(found.caller());
            bound.add(found);
            return contexts.size() - 1;
        }

        /** The call path step whose caller's context {@link #bind} answered with {@code context}. */
        Reach step(int context) {
            return bound.get(context);
        }
    }
}
