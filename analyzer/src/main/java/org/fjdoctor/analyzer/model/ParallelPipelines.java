package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.UnresolvedStreams;

import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.reference.CtLocalVariableReference;

/**
 * Whether a stream pipeline runs in parallel, and so its functions in the common pool: a pipeline's mode is
 * followed back along its chain, through the locals it was kept in, the branches of a {@code ?:} and the
 * project's helpers that return it ({@link CommonPoolCode} asks of each pipeline step it sees).
 */
final class ParallelPipelines {

    /** How many local variables a pipeline is followed back through ({@code Stream<T> s = ..; s.map(..)}). */
    private static final int MAX_LOCAL_HOPS = 4;

    private final JavaTypes types;
    private final Declarations declarations;

    ParallelPipelines(JavaTypes types, Declarations declarations) {
        this.types = types;
        this.declarations = declarations;
    }

    /**
     * Whether {@code function} takes the elements of a parallel pipeline's source collection or array themselves:
     * it is the element function of a stage ({@code forEach}, {@code map}, ..) of a parallel pipeline, and every
     * stage before it keeps the source's elements ({@code filter}, {@code sorted}, ..). The pipeline hands each
     * element to one task; a stage after a {@code map} may see one object as several elements.
     */
    boolean takesParallelSourceElement(CtLambda<?> function) {
        if (!(function.getParent() instanceof CtInvocation<?> stage) || stage.getArguments().size() != 1
                || stage.getArguments().get(0) != function || !Apis.STREAM_ELEMENT_FUNCTION.matches(stage, types)
                || !isParallel(stage)) {
            return false;
        }
        CtExpression<?> source = stage.getTarget();
        while (source instanceof CtInvocation<?> kept && Apis.STREAM_KEEPS_ELEMENTS.matches(kept, types)) {
            source = kept.getTarget();
        }
        return source instanceof CtInvocation<?> made
                && (Apis.COLLECTION_STREAM.matches(made, types) || Apis.PARALLEL_STREAM.matches(made, types)
                    || Apis.ARRAY_STREAM.matches(made, types));
    }

    /**
     * Whether the pipeline {@code operation} belongs to runs in parallel: the last {@code parallel()} or
     * {@code sequential()} of the whole pipeline decides, else how its source was made.
     */
    boolean isParallel(CtInvocation<?> operation) {
        return mayBe(true, lastOperation(operation), new int[] {MAX_LOCAL_HOPS}, new HashSet<>());
    }

    /**
     * Whether the parallel pipeline {@code operation} belongs to may also run sequentially, on another path
     * ({@code p ? s.parallel() : s}, {@code if (p) s = s.parallel()}): its functions run in the common pool only
     * where it is parallel, which a report says.
     */
    boolean parallelOnSomePathsOnly(CtInvocation<?> operation) {
        return isParallel(operation) && mayBe(false, lastOperation(operation), new int[] {MAX_LOCAL_HOPS}, new HashSet<>());
    }

    /**
     * Whether the stream {@code stage} may be parallel ({@code parallel}; else sequential), followed back through
     * its chain, the locals it was stored in, the branches of a {@code ?:} and the source helpers that return it
     * ({@code s = s.parallel()} under an {@code if}, a helper returning {@code StreamSupport.stream(spliterator,
     * true)}). A local with several values may be parallel when one of them is: whichever runs, the pipeline's
     * functions may run in the common pool. {@code hops} bounds the locals and helpers followed, {@code seen} the
     * values already looked at.
     */
    private boolean mayBe(boolean parallel, CtExpression<?> stage, int[] hops, Set<CtExpression<?>> seen) {
        while (stage instanceof CtInvocation<?> call) {
            if (Apis.STREAM_MODE.matches(call, types)) {
                return call.getExecutable().getSimpleName().equals("parallel") == parallel;
            }
            if (Apis.PARALLEL_STREAM.matches(call, types) || UnresolvedStreams.isParallelStreamOfMissingType(call)) {
                return parallel;
            }
            if (Apis.STREAM_SUPPORT.matches(call, types)) {
                CtExpression<?> flag = call.getArguments().get(call.getArguments().size() - 1);
                return (flag instanceof CtLiteral<?> literal && Boolean.TRUE.equals(literal.getValue())) == parallel;
            }
            if (!Apis.STREAM_OPERATION.matches(call, types) || call.getTarget() == null) {
                // a sequential source (Collection.stream(), Arrays.stream(..)), or a helper that returns the stream
                return returns(parallel, call, hops, seen);
            }
            stage = call.getTarget();
        }
        if (stage instanceof CtConditional<?> choice) {
            // `parallel ? s.parallel() : s`, `n < 2 ? set.stream() : set.parallelStream()`: either branch may run
            return mayBe(parallel, choice.getThenExpression(), hops, seen)
                    || mayBe(parallel, choice.getElseExpression(), hops, seen);
        }
        if (!(stage instanceof CtVariableRead<?> read) || !(read.getVariable() instanceof CtLocalVariableReference<?>)
                || hops[0]-- <= 0) {
            return false;
        }
        for (ValueOrigins.Origin origin : parallel ? ValueOrigins.of(stage) : liveAt(read)) {
            if (origin.expression() != stage && seen.add(origin.expression())
                    && mayBe(parallel, origin.expression(), hops, seen)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The values of the local {@code read} reads that may still be there: a value stored in the declaration's own
     * block, not under a branch, replaces those stored there before it ({@code s = s.parallel()} after
     * {@code var s = list.stream()} leaves no sequential value), while one stored under an {@code if} may not run.
     */
    private static List<ValueOrigins.Origin> liveAt(CtVariableRead<?> read) {
        List<ValueOrigins.Origin> origins = ValueOrigins.of(read);
        CtElement block = read.getVariable() instanceof CtLocalVariableReference<?> local && local.getDeclaration() != null
                ? local.getDeclaration().getParent() : null;
        int last = -1;
        for (ValueOrigins.Origin origin : origins) {
            int at = straightLineStore(origin, block);
            if (at >= 0 && at < read.getPosition().getSourceStart() && at > last) {
                last = at;
            }
        }
        List<ValueOrigins.Origin> live = new ArrayList<>();
        for (ValueOrigins.Origin origin : origins) {
            int at = straightLineStore(origin, block);
            if (at < 0 || at >= last) {
                live.add(origin);
            }
        }
        return live;
    }

    /** Where {@code origin}'s value is stored, when that statement sits in {@code block} itself; else -1. */
    private static int straightLineStore(ValueOrigins.Origin origin, CtElement block) {
        CtElement statement = origin.through() == null && origin.expression().isParentInitialized()
                ? origin.expression().getParent() : null;
        return block != null && statement != null && statement.isParentInitialized() && statement.getParent() == block
                && statement.getPosition().isValidPosition() ? statement.getPosition().getSourceStart() : -1;
    }

    /**
     * Whether {@code call} is a source method that may return a parallel stream ({@code parallel}), or a sequential
     * one: any source that is no helper of the project's own.
     */
    private boolean returns(boolean parallel, CtInvocation<?> call, int[] hops, Set<CtExpression<?>> seen) {
        CtExecutable<?> helper = call.getExecutable() == null ? null : declarations.executable(call.getExecutable());
        // the declared type: the call's own has none where an argument's type is unknown (a library's stream)
        if (helper == null || helper.getBody() == null || helper.getType() == null
                || !types.isSubtypeOf(helper.getType(), "java.util.stream.BaseStream") || CommonPoolCode.isLibraryCode(helper)) {
            return !parallel;
        }
        if (hops[0]-- <= 0) {
            return false;
        }
        for (CtExpression<?> value : ValueOrigins.returnedBy(helper)) {
            if (seen.add(value) && mayBe(parallel, value, hops, seen)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The call of the pipeline {@code operation} belongs to that makes it parallel ({@code parallel()},
     * {@code parallelStream()}), found back along its chain without leaving it; else {@code null}.
     */
    CtInvocation<?> madeParallel(CtInvocation<?> operation) {
        CtExpression<?> stage = lastOperation(operation);
        while (stage instanceof CtInvocation<?> call) {
            if (Apis.STREAM_MODE.matches(call, types)) {
                return call.getExecutable().getSimpleName().equals("parallel") ? call : null;
            }
            if (Apis.PARALLEL_STREAM.matches(call, types)) {
                return call;
            }
            if (!Apis.STREAM_OPERATION.matches(call, types)) {
                return null;
            }
            stage = call.getTarget();
        }
        return null;
    }

    /** The last operation of the pipeline chained onto {@code operation}: its terminal, where it is submitted. */
    CtInvocation<?> lastOperation(CtInvocation<?> operation) {
        CtInvocation<?> last = operation;
        while (last.getParent() instanceof CtInvocation<?> next && next.getTarget() == last
                && Apis.STREAM_OPERATION.matches(next, types)) {
            last = next;
        }
        return last;
    }
}
