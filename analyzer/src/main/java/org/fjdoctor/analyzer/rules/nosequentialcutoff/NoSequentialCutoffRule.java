package org.fjdoctor.analyzer.rules.nosequentialcutoff;

import java.util.List;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.TaskEntry;

import com.google.auto.service.AutoService;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFor;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThrow;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtWhile;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.visitor.filter.TypeFilter;

@AutoService(Rule.class)
@RuleInfo(
        id = "no-sequential-cutoff",
        code = "FJ11",
        title = "A recursive task splits down to single elements",
        category = Category.TASK_GRANULARITY,
        severity = Severity.WARNING,
        description = "A task's compute() creates subtasks until a task holds one element (n <= 1, to - from == 1,"
                + " size() == 1, lo >= hi): its base case is a single element, not a sequential cutoff. A literal"
                + " threshold of two or three elements, or a second base case (n == 2), is no cutoff either, nor is a"
                + " threshold field that only the root task is given (the constructor the split calls never sets"
                + " it, so it is 0 in every subtask). A leaf"
                + " that loops over something other than the task's range (the columns of the one row a task split"
                + " by rows keeps, the items of one element) does a block of work per element whose size the code"
                + " does not say; it is a cutoff of its own and is not reported.",
        rationale = "Every task costs an allocation, a deque push, maybe a steal and a join; one element of work"
                + " cannot pay for that, so a task tree split to single elements spends most of its time on task"
                + " overhead (about twice as many tasks as elements) and is usually slower than a plain loop. The"
                + " ForkJoinTask javadoc asks for leaves of roughly 100 to 10,000 basic computational steps: split"
                + " only above a named threshold and loop sequentially over the range below it.")
public final class NoSequentialCutoffRule implements Rule {

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        for (TaskEntry entry : model.entries()) {
            if (!(entry.executable() instanceof CtMethod<?> compute) || compute.getBody() == null
                    || !model.types().isForkJoinTask(entry.taskType() == null ? null : entry.taskType().getReference())
                    || !(compute.getSimpleName().equals("compute") || compute.getSimpleName().equals("exec"))) {
                continue;
            }
            NoCutoffMatch match = match(model, compute);
            CtField<?> unset = match == null ? null : UnsetThreshold.in(match.compute(), match.comparison());
            if (unset != null) {
                // no match for the rewrite: its constant would replace the threshold the root is given
                sink.report(match.comparison(), Severity.WARNING, entry.label() + " compares the size with "
                        + unset.getSimpleName() + " (" + sourceText(model, match.comparison()) + "), which the"
                        + " constructor its subtasks are built with never sets: it is 0 in every subtask, so below the"
                        + " root the task splits until a task holds a single element. Pass the threshold on to the"
                        + " subtasks, or make it a static final constant.",
                        sink.related(unset, "the threshold field, set only for the root"));
            } else if (match != null) {
                sink.report(match.comparison(), Severity.WARNING, entry.label() + " splits until a task holds a"
                        + " single element or a few (" + sourceText(model, match.comparison()) + "): creating, forking and joining a task costs far"
                        + " more than one element's work. Split only above a named threshold and loop over the range"
                        + " below it.", sink.related(compute, "the task's compute()"), match);
            }
        }
    }

    /**
     * The single-element base case of compute(), or of the one method of the task's own class that compute()
     * hands its work to. When that helper only creates the subtasks ({@code tasks = createSubtasks();}),
     * compute() still chooses between leaf and split, and a call of the helper counts as the split there; when
     * compute() makes no such choice ({@code try { return computeValue(); } catch (..) {..}}), the base case is
     * the helper's.
     */
    private static NoCutoffMatch match(ForkJoinModel model, CtMethod<?> compute) {
        ForkJoinApi api = model.api();
        Predicate<CtElement> creates = code -> createsTasks(api, code);
        if (createsTasks(api, compute)) {
            return find(model, compute, compute.getBody().getStatements(), creates);
        }
        CtMethod<?> helper = creationHelper(api, compute);
        if (helper == null) {
            return null;
        }
        Predicate<CtElement> splits = code -> createsTasks(api, code) || calls(code, helper);
        NoCutoffMatch inCompute = find(model, compute, compute.getBody().getStatements(), splits);
        return inCompute != null ? inCompute : find(model, helper, helper.getBody().getStatements(), creates);
    }

    /** The one method of the task's own class that compute() calls and that creates subtasks, or {@code null}. */
    private static CtMethod<?> creationHelper(ForkJoinApi api, CtMethod<?> compute) {
        CtMethod<?> helper = null;
        for (CtInvocation<?> call : CodeScan.elementsIn(compute.getBody(), CtInvocation.class)) {
            if (call.getExecutable().getExecutableDeclaration() instanceof CtMethod<?> method && method != compute
                    && method.getDeclaringType() == compute.getDeclaringType() && method.getBody() != null
                    && createsTasks(api, method)) {
                if (helper != null && helper != method) {
                    return null;
                }
                helper = method;
            }
        }
        return helper;
    }

    private static boolean calls(CtElement code, CtMethod<?> method) {
        return code != null && CodeScan.elementsIn(code, CtInvocation.class).stream()
                .anyMatch(call -> call.getExecutable().getExecutableDeclaration() == method);
    }

    private static String sourceText(ForkJoinModel model, CtElement element) {
        return model.fileOf(element).text().substring(element.getPosition().getSourceStart(),
                element.getPosition().getSourceEnd() + 1);
    }

    /** The single-element comparison deciding between leaf and split in these statements, or {@code null}. */
    private static NoCutoffMatch find(ForkJoinModel model, CtMethod<?> compute, List<CtStatement> statements,
                                      Predicate<CtElement> splits) {
        for (int i = 0; i < statements.size(); i++) {
            CtStatement statement = statements.get(i);
            if (statement instanceof CtIf branch) {
                boolean thenSplits = splits.test(branch.getThenStatement());
                boolean elseSplits = splits.test(branch.getElseStatement());
                boolean restSplits = statements.subList(i + 1, statements.size()).stream().anyMatch(splits);
                if (thenSplits == (elseSplits || restSplits)) {
                    if (branch.getElseStatement() instanceof CtIf chained) {
                        NoCutoffMatch inner = find(model, compute, List.of(chained), splits);
                        if (inner != null) {
                            return inner;
                        }
                    }
                    continue;
                }
                CtStatement leaf = thenSplits ? branch.getElseStatement() : branch.getThenStatement();
                LeafDecision decision = LeafDecision.decide(branch.getCondition(), !thenSplits);
                List<CtStatement> rest = statements.subList(i + 1, statements.size());
                if (decision.cutoff() == LeafDecision.Cutoff.SINGLE && !thresholdIn(splits,
                        thenSplits ? List.of(branch.getThenStatement()) : branch.getElseStatement() != null
                                ? List.of(branch.getElseStatement()) : rest)) {
                    List<CtElement> leafCode = leaf != null ? List.of(leaf) : List.copyOf(rest);
                    return single(model, compute, decision, !thenSplits, leaf, leafCode);
                }
                if (decision.cutoff() == LeafDecision.Cutoff.THRESHOLD && branch.getCondition() instanceof CtBinaryOperator<?> test
                        && UnsetThreshold.in(compute, test) != null && !thresholdIn(splits,
                        thenSplits ? List.of(branch.getThenStatement()) : branch.getElseStatement() != null
                                ? List.of(branch.getElseStatement()) : rest)) {
                    // n < threshold with a threshold the subtasks never get: 0 below the root
                    return new NoCutoffMatch(compute, test, !thenSplits, leaf, null, null, null, null);
                }
                if (decision.cutoff() != LeafDecision.Cutoff.UNKNOWN) {
                    return null;
                }
                CtBinaryOperator<?> end = StructureEnd.of(branch.getCondition(), !thenSplits);
                if (end != null && !thresholdIn(splits, thenSplits ? List.of(branch.getThenStatement())
                        : branch.getElseStatement() != null ? List.of(branch.getElseStatement()) : rest)
                        && StructureEnd.trivialLeaf(model, leaf != null ? List.of(leaf) : List.copyOf(rest))) {
                    return new NoCutoffMatch(compute, end, !thenSplits, leaf, null, null, null, null);
                }
            } else if (statement instanceof CtWhile loop && splits.test(loop)) {
                // while (hi - lo >= 2) { fork the upper half; hi = mid; }: a CountedCompleter's splitting loop
                LeafDecision decision = LeafDecision.decide(loop.getLoopingExpression(), false);
                if (decision.cutoff() == LeafDecision.Cutoff.SINGLE) {
                    return single(model, compute, decision, false, null,
                            List.copyOf(statements.subList(i + 1, statements.size())));
                }
                if (decision.cutoff() == LeafDecision.Cutoff.THRESHOLD) {
                    return null;
                }
            }
        }
        return null;
    }

    /**
     * The match, unless one element is a block of work of its own: a leaf (or a method it calls) that loops
     * over something other than the task's range handles a coarse element, and is cut off well enough.
     */
    private static NoCutoffMatch single(ForkJoinModel model, CtMethod<?> compute, LeafDecision decision, boolean trueAtLeaf,
                                        CtStatement leaf, List<CtElement> leafCode) {
        if (leaf != null && OwnSplit.emptyResult(leaf) && !OwnSplit.recursive(model, compute)) {
            return null; // if (docs.size() < 2) return found;: an early exit of a task that never splits itself
        }
        if (leaf != null && OwnSplit.runsWholeTask(model, leaf)) {
            return null; // the leaf forks or invokes another task: each element is a whole task's work
        }
        CtLoop rangeLoop = null;
        for (CtElement code : leafCode) {
            for (CtLoop loop : CodeScan.elementsIn(code, CtLoop.class)) {
                if (rangeLoop != null || !overTheRange(loop, decision)) {
                    return null; // a loop per element, or over something else: each element is a block of work
                }
                rangeLoop = loop;
            }
            for (CtAbstractInvocation<?> call : CodeScan.elementsIn(code, CtAbstractInvocation.class)) {
                if (StructureEnd.reportsOnly(call)) {
                    continue;
                }
                for (CtExecutable<?> target : model.callTargets(call)) {
                    if (!CodeScan.elementsIn(target, CtLoop.class).isEmpty()) {
                        return null;
                    }
                }
            }
        }
        return new NoCutoffMatch(compute, decision.comparison(), trueAtLeaf, leaf, rangeLoop, decision.size(),
                decision.low(), decision.high());
    }

    /**
     * {@code for (int i = lo; i < hi; ..)} over the compared range, or a for-each over the collection or
     * array whose size is compared.
     */
    private static boolean overTheRange(CtLoop loop, LeafDecision decision) {
        if (loop instanceof CtFor counted && decision.low() != null && counted.getForInit().size() == 1
                && counted.getForInit().get(0) instanceof CtLocalVariable<?> index
                && reads(index.getDefaultExpression(), decision.low())
                && counted.getExpression() instanceof CtBinaryOperator<?> test && test.getKind() == BinaryOperatorKind.LT
                && reads(test.getLeftHandOperand(), index.getSimpleName())
                && reads(test.getRightHandOperand(), decision.high())) {
            return true;
        }
        CtExpression<?> sized = decision.size() instanceof CtInvocation<?> call ? call.getTarget()
                : decision.size() instanceof CtFieldRead<?> read ? read.getTarget() : null;
        return loop instanceof CtForEach each && sized != null && each.getExpression().toString().equals(sized.toString());
    }

    private static boolean reads(CtExpression<?> expression, String name) {
        return expression instanceof CtVariableRead<?> read && read.getVariable().getSimpleName().equals(name);
    }

    /**
     * Whether the way to the split passes a real cutoff first ({@code if (n <= 1) ..; else if (n <= threshold)
     * sequential(); else split}): then the single-element test is only the trivial case. A branch between a
     * leaf and the split on a condition of another kind ({@code useThreshold ? n <= t : !shouldFork()}, a
     * queue's surplus) is a cutoff of its own too.
     */
    private static boolean thresholdIn(Predicate<CtElement> splits, List<CtStatement> statements) {
        for (CtStatement statement : statements) {
            for (CtIf branch : statement.getElements(new TypeFilter<>(CtIf.class))) {
                if (filtersChildren(statement, branch)
                        && splits.test(branch.getThenStatement()) == splits.test(branch.getElseStatement())) {
                    continue; // if (!legal(move)) continue;: no choice between forking and working here
                }
                LeafDecision atLeaf = LeafDecision.decide(branch.getCondition(), true);
                LeafDecision atSplit = LeafDecision.decide(branch.getCondition(), false);
                if (atLeaf.cutoff() == LeafDecision.Cutoff.THRESHOLD || atSplit.cutoff() == LeafDecision.Cutoff.THRESHOLD) {
                    return true;
                }
                if (atLeaf.cutoff() == LeafDecision.Cutoff.UNKNOWN && atSplit.cutoff() == LeafDecision.Cutoff.UNKNOWN && !filtersChildren(statement, branch)
                        && (splits.test(branch.getThenStatement()) != splits.test(branch.getElseStatement())
                        || branch.getElseStatement() == null && leavesEarly(branch.getThenStatement()))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * An {@code if} inside a loop of the split ({@code for (move : moves) if (legal(move)) fork(..)}) picks
     * which children to create; it does not choose between a leaf and the split.
     */
    private static boolean filtersChildren(CtStatement statement, CtIf branch) {
        CtLoop loop = branch.getParent(CtLoop.class);
        return loop != null && (loop == statement || loop.hasParent(statement));
    }

    /**
     * {@code if (..) { sequential(); return; }}: a leaf that returns before the split that follows. A branch
     * that only throws ({@code if (n % 2 != 0) throw new IllegalStateException(..);}) checks an argument; it is
     * no leaf.
     */
    private static boolean leavesEarly(CtStatement then) {
        List<CtStatement> statements = then instanceof CtBlock<?> block ? block.getStatements() : List.of(then);
        if (statements.isEmpty()) {
            return false;
        }
        CtStatement last = statements.get(statements.size() - 1);
        return last instanceof CtReturn<?> || last instanceof CtThrow && statements.size() > 1;
    }

    private static boolean createsTasks(ForkJoinApi api, CtElement code) {
        return code != null && CodeScan.elementsIn(code, CtConstructorCall.class).stream().anyMatch(api::isTaskConstruction);
    }
}
