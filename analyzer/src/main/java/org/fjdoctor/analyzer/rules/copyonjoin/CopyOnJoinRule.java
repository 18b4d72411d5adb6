package org.fjdoctor.analyzer.rules.copyonjoin;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.Studies;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.ValueOrigins;
import org.fjdoctor.analyzer.vocabulary.Apis;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.reference.CtTypeReference;

@AutoService(Rule.class)
@RuleInfo(
        id = "copy-on-join",
        code = "FJ3",
        title = "A task copies its subtasks' results into a new container",
        category = Category.DATA_MANAGEMENT,
        severity = Severity.WARNING,
        description = "addAll/putAll, System.arraycopy, Arrays.copyOf, a copy constructor or Stream.concat fed by"
                + " join(), invoke(), get(), getRawResult() or compute() of subtasks, or a loop that copies their"
                + " elements (or adds up two of them) into an array or collection the task makes: that container"
                + " only merges what the subtasks could have written into one shared output. Not a combine that"
                + " computes more (a product, a call, more than two results as in Strassen's sums), nor a merge"
                + " into one of the joined results in place, nor a merge that runs once: a task that forks only"
                + " tasks of other classes that split no further.",
        rationale = "Merging by copying repeats the copy at every level of the recursion: O(n log n) copying and"
                + " allocation instead of writing each result once, and longer waits at the join barrier, where"
                + " workers spin or park without progress. Fixing it saved 3-13% energy in the published study."
                + " Let subtasks write into one shared result structure (an output array indexed by the task's"
                + " range), or concatenate the leaves' results once at the root.",
        figures = {
                "5 occurrences in the studied projects.",
                "Fixing them saved 3-13% energy."},
        source = Studies.FORK_JOIN_BOTTLENECKS_2017,
        example = """
                left.fork();
                List<Integer> result = new ArrayList<>(right.compute());
                result.addAll(left.join());
                return result;
                """,
        fixedExample = """
                left.fork();
                List<Integer> result = right.compute(); // a fresh list only this task holds
                result.addAll(left.join());
                return result;
                """)
public final class CopyOnJoinRule implements Rule {

    private static final Set<String> MERGES = Set.of("addAll", "putAll");
    private static final Set<String> CONCATS = Set.of("concat");

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        ForkJoinApi api = model.api();
        for (CtInvocation<?> call : model.taskCodeElements(CtInvocation.class)) {
            CtInvocation<?> join = joinFeeding(api, call);
            if (join != null && !OnceAtRoot.merges(model, call)) {
                report(api, sink, call, describe(call), new JoinCopy(call, shapeOf(api, call), join));
            }
        }
        for (CtConstructorCall<?> construction : model.taskCodeElements(CtConstructorCall.class)) {
            if (construction.getArguments().size() == 1
                    && (model.types().isSubtypeOf(construction.getType(), "java.util.Collection")
                    || model.types().isSubtypeOf(construction.getType(), "java.util.Map"))) {
                CtInvocation<?> join = joinOrigin(api, construction.getArguments().get(0));
                if (join != null && !OnceAtRoot.merges(model, construction)) {
                    report(api, sink, construction, "new " + construction.getType().getSimpleName() + "<>(..)",
                            new JoinCopy(construction, JoinCopy.Shape.COPY_CONSTRUCTOR, join));
                }
            }
        }
        for (ElementCopies.ElementCopy copy : ElementCopies.in(model)) {
            if (OnceAtRoot.merges(model, copy.loop())) {
                continue;
            }
            List<RelatedLocation> related = new ArrayList<>(sink.related(copy.write(), "each element copied here"));
            related.addAll(sink.related(copy.join(), "the subtask's result is taken here"));
            sink.report(copy.loop(), "This loop copies a subtask's result element by element into " + copy.container()
                    + ", a container this task makes after joining; repeated at every level this copies O(n log n)"
                    + " elements and lengthens the join barrier. Have subtasks write into one shared result (e.g. an"
                    + " output array indexed by the task's range), or merge one joined result into the other in place.",
                    related);
        }
    }

    private static void report(ForkJoinApi api, FindingSink sink, CtElement at, String what, JoinCopy match) {
        if (api.matches(Apis.POOL_INVOKE, match.join())) {
            sink.report(at, what + " copies the result of a task tree that pool.invoke(..) ran from task code into"
                    + " a new container, each time this task code runs. Use the tree's result itself, or have its"
                    + " tasks write into one shared result.", sink.related(match.join(), "the tree's result is taken here"),
                    match);
            return;
        }
        sink.report(at, what + " copies a subtask's result into a new container after joining; repeated at every"
                + " level this copies O(n log n) elements and lengthens the join barrier. Have subtasks write into"
                + " one shared result (e.g. an output array indexed by the task's range), or concatenate once at"
                + " the root.", sink.related(match.join(), "the subtask's result is taken here"), match);
    }

    /** The shape of a merging call {@link #joinFeeding} accepted. */
    private static JoinCopy.Shape shapeOf(ForkJoinApi api, CtInvocation<?> call) {
        if (MERGES.contains(call.getExecutable().getSimpleName())) {
            return JoinCopy.Shape.MERGE;
        }
        if (api.matches(Apis.ARRAYCOPY, call)) {
            return JoinCopy.Shape.ARRAYCOPY;
        }
        return api.matches(Apis.ARRAYS_COPY, call) ? JoinCopy.Shape.ARRAYS_COPY : JoinCopy.Shape.CONCAT;
    }

    private static String describe(CtInvocation<?> call) {
        CtTypeReference<?> owner = call.getExecutable().getDeclaringType();
        String prefix = call.getTarget() == null || owner == null || MERGES.contains(call.getExecutable().getSimpleName())
                ? "" : owner.getSimpleName() + ".";
        return prefix + call.getExecutable().getSimpleName() + "(..)";
    }

    /** The join whose result this merging call copies, or {@code null}. */
    private static CtInvocation<?> joinFeeding(ForkJoinApi api, CtInvocation<?> call) {
        String name = call.getExecutable().getSimpleName();
        List<CtExpression<?>> args = call.getArguments();
        String owner = call.getExecutable().getDeclaringType() == null ? ""
                : call.getExecutable().getDeclaringType().getQualifiedName();
        if (MERGES.contains(name) && !args.isEmpty()) {
            // left.join().addAll(right.join()) grows one joined result in place: no new container, the merge the
            // catalog recommends (the description's exception), however the receiver reached a local
            return joinedResult(api, call.getTarget()) ? null : joinOrigin(api, args.get(args.size() - 1));
        }
        if (api.matches(Apis.ARRAYCOPY, call)) {
            return joinOrigin(api, args.get(0));
        }
        if (api.matches(Apis.ARRAYS_COPY, call) && !args.isEmpty()) {
            return joinOrigin(api, args.get(0));
        }
        if (CONCATS.contains(name) && owner.startsWith("java.util.stream.")) {
            for (CtExpression<?> arg : args) {
                CtInvocation<?> join = joinOrigin(api, streamSource(arg));
                if (join != null) {
                    return join;
                }
            }
        }
        return null;
    }

    /**
     * Whether every value {@code receiver} may hold is a subtask's result ({@code left.join()}, directly or kept
     * in a local): a merge into it grows a joined result in place. A local that may also hold a container the
     * task makes is not such a receiver.
     */
    private static boolean joinedResult(ForkJoinApi api, CtExpression<?> receiver) {
        if (receiver == null) {
            return false;
        }
        List<ValueOrigins.Origin> origins = ValueOrigins.of(receiver);
        return origins.stream().allMatch(origin -> origin.through() == null
                && origin.expression() instanceof CtInvocation<?> call && api.isSubtaskResult(call));
    }

    /** {@code x.stream()} or {@code Arrays.stream(x)} gives {@code x}. */
    private static CtExpression<?> streamSource(CtExpression<?> expression) {
        if (expression instanceof CtInvocation<?> call && call.getExecutable().getSimpleName().equals("stream")) {
            if (call.getArguments().size() == 1) {
                return call.getArguments().get(0);
            }
            if (call.getArguments().isEmpty() && call.getTarget() != null) {
                return call.getTarget();
            }
        }
        return expression;
    }

    /**
     * The subtask-result call this value comes from, directly or through a local variable: a subtask's
     * join (or invoke, get, ..), or, in task code, {@code pool.invoke(task)}, whose result is a task tree's.
     */
    private static CtInvocation<?> joinOrigin(ForkJoinApi api, CtExpression<?> expression) {
        if (expression == null) {
            return null;
        }
        for (ValueOrigins.Origin origin : ValueOrigins.of(expression)) {
            if (origin.through() == null && origin.expression() instanceof CtInvocation<?> call
                    && (api.isSubtaskResult(call) || api.matches(Apis.POOL_INVOKE, call))) {
                return call;
            }
        }
        return null;
    }
}
