package org.fjdoctor.refactorings.joinorder;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.TaskTimeline;
import org.fjdoctor.analyzer.rules.joinorder.JoinLoopOrderMatch;
import org.fjdoctor.analyzer.rules.joinorder.JoinOrderMatch;
import org.fjdoctor.analyzer.rules.joinorder.JoinOrderRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;

import com.google.auto.service.AutoService;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtStatement;
import spoon.reflect.declaration.CtElement;

/**
 * FJ7: the joins of subtasks forked in one block, reversed, so the worker joins its last fork first and
 * pops its own tasks off its deque in LIFO order. Either the join statements trade places (SAFE when each
 * only joins, or stores the result in its own local), or the operands of one commutative operator do
 * ({@code a.join() + b.join()} becomes {@code b.join() + a.join()}: SAFE for integer arithmetic and for two
 * floating-point operands).
 */
@AutoService(Refactoring.class)
public final class ReverseJoinsRewrite implements Refactoring {

    private static final String RULE = Refactoring.idOf(JoinOrderRule.class);
    private static final Set<BinaryOperatorKind> COMMUTATIVE = Set.of(BinaryOperatorKind.PLUS, BinaryOperatorKind.MUL,
            BinaryOperatorKind.BITAND, BinaryOperatorKind.BITOR, BinaryOperatorKind.BITXOR);
    private static final Set<String> INTEGRAL = Set.of("int", "long", "short", "byte", "char", "boolean");
    private static final Set<String> FLOATING = Set.of("double", "float");
    private static final String EXCEPTIONS = " Only if several of the subtasks throw does another one's exception"
            + " surface first.";

    @Override
    public Class<? extends Rule> rule() {
        return JoinOrderRule.class;
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(JoinOrderMatch.class, JoinLoopOrderMatch.class);
    }

    @Override
    public String summary() {
        return "Joins the subtasks in the reverse order of their forks, so the worker first pops the"
                + " task it forked last off its own deque and runs it itself instead of waiting or searching"
                + " for it.";
    }

    @Override
    public String safeWhen() {
        return "Each join statement only joins or stores the result in a local of its own, or the joins"
                + " are the operands of one commutative operator on integers (two floating-point operands);"
                + " otherwise REVIEW, since effects or floating-point sums would run in another order.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        if (context.match(finding, JoinLoopOrderMatch.class).isPresent()) {
            return Plan.manual("the joins run in a loop over the forked subtasks; count that loop down (from the last"
                    + " index to 0) so the worker joins its last fork first, once the results do not depend on the"
                    + " order");
        }
        JoinOrderMatch match = context.match(finding, JoinOrderMatch.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        if (!inForkOrder(match)) {
            return Plan.manual("not every forked subtask is joined plainly in this block, in fork order; join the"
                    + " last-forked subtask first by hand");
        }
        List<CtStatement> statements = new ArrayList<>();
        for (CtInvocation<?> join : match.joins()) {
            statements.add(statementOf(join, match));
        }
        if (statements.stream().allMatch(statement -> statement == statements.get(0))) {
            return operands(finding, context, match);
        }
        return statements(finding, context, match, statements);
    }

    /** Whether the i-th join joins the i-th fork's task, for every fork. */
    private static boolean inForkOrder(JoinOrderMatch match) {
        if (match.joins().size() != match.forks().size() || match.forks().size() < 2) {
            return false;
        }
        for (int i = 0; i < match.forks().size(); i++) {
            if (TaskTimeline.taskVariable(match.joins().get(i).getTarget())
                    != TaskTimeline.taskVariable(match.forks().get(i).getTarget())) {
                return false;
            }
        }
        return true;
    }

    private static CtStatement statementOf(CtInvocation<?> join, JoinOrderMatch match) {
        CtElement element = join;
        while (element.getParent() != match.block()) {
            element = element.getParent();
        }
        return (CtStatement) element;
    }

    /** The join statements trade places: the last one's text goes where the first one was, and so on. */
    private static Plan statements(Finding finding, RefactoringContext context, JoinOrderMatch match,
                                   List<CtStatement> statements) {
        List<CtStatement> block = match.block().getStatements();
        int first = indexOf(block, statements.get(0));
        for (int i = 0; i < statements.size(); i++) {
            if (indexOf(block, statements.get(i)) != first + i) {
                return Plan.manual("the joins are not consecutive statements; join the last-forked subtask first by"
                        + " hand, keeping the code between them where it belongs");
            }
        }
        SourceFile file = context.file(statements.get(0));
        List<String> texts = new ArrayList<>();
        List<int[]> ranges = new ArrayList<>();
        for (CtStatement statement : statements) {
            int[] range = StatementText.range(file.text(), statement);
            if (range == null) {
                return Plan.manual("a join statement shares its line with other code; reorder the joins by hand");
            }
            ranges.add(range);
            texts.add(file.text().substring(range[0], range[1]));
        }
        for (CtStatement statement : statements) {
            for (CtStatement other : statements) {
                if (other != statement && StatementText.readsLocalOf(statement, other)) {
                    return Plan.manual("a join statement reads a local that another one declares; reorder the joins"
                            + " by hand");
                }
            }
        }
        List<TextEdit> edits = new ArrayList<>();
        for (int i = 0; i < ranges.size(); i++) {
            edits.add(TextEdit.replace(file.path(), ranges.get(i)[0], ranges.get(i)[1], texts.get(texts.size() - 1 - i)));
        }
        String title = "Join in reverse fork order: " + lastTaskName(context, match) + " first";
        boolean plain = statements.stream().allMatch(s -> StatementText.onlyJoins(s, match.joins()));
        if (plain) {
            return Plan.of(new Fix(RULE, finding.fingerprint(), title, Safety.SAFE, "Each of these statements only"
                    + " joins its subtask or stores its result in its own local, and none reads another's local, so"
                    + " their order changes only which subtask the worker waits for first: the last one forked, which"
                    + " it can pop off its own deque. The subtasks themselves run as before." + EXCEPTIONS, edits));
        }
        return Plan.of(new Fix(RULE, finding.fingerprint(), title, Safety.REVIEW, "Needs a review: the statements do"
                + " more than store each result in a local of their own, and they now do it in the other order;"
                + " check that their effects (adding to a collection, updating a running value) do not depend on"
                + " it." + EXCEPTIONS, edits));
    }

    /** {@code a.join() OP b.join() OP c.join()}: the join operands trade places. */
    private static Plan operands(Finding finding, RefactoringContext context, JoinOrderMatch match) {
        List<CtInvocation<?>> joins = match.joins();
        if (!(joins.get(0).getParent() instanceof CtBinaryOperator<?> innermost)) {
            return Plan.manual("the joins feed an expression whose evaluation order matters; join the last-forked"
                    + " subtask into a local first by hand");
        }
        BinaryOperatorKind kind = innermost.getKind();
        CtElement chain = innermost;
        for (int i = 1; i < joins.size(); i++) {
            CtElement parent = joins.get(i).getParent();
            boolean operand = parent instanceof CtBinaryOperator<?> binary && binary.getKind() == kind
                    && binary.getRightHandOperand() == joins.get(i)
                    && (binary.getLeftHandOperand() == chain || binary.getLeftHandOperand() == joins.get(0) && i == 1);
            if (!operand) {
                return Plan.manual("the joins feed an expression whose evaluation order matters; join the"
                        + " last-forked subtask into a local first by hand");
            }
            chain = parent;
        }
        String type = resultType((CtExpression<?>) chain, joins);
        boolean integral = INTEGRAL.contains(type);
        boolean floating = FLOATING.contains(type) && (kind == BinaryOperatorKind.PLUS || kind == BinaryOperatorKind.MUL);
        if (!COMMUTATIVE.contains(kind) || !integral && !floating) {
            return Plan.manual("the joined results are combined with an operator whose order matters here ("
                    + kind.name().toLowerCase(java.util.Locale.ROOT) + " on " + (type.isEmpty() ? "an unknown type" : type)
                    + "); join the last-forked subtask into a local first by hand");
        }
        SourceFile file = context.file(joins.get(0));
        List<TextEdit> edits = new ArrayList<>();
        for (int i = 0; i < joins.size(); i++) {
            CtInvocation<?> into = joins.get(i);
            edits.add(TextEdit.replace(file.path(), into.getPosition().getSourceStart(), into.getPosition().getSourceEnd() + 1,
                    context.text(joins.get(joins.size() - 1 - i))));
        }
        String title = "Join in reverse fork order: " + lastTaskName(context, match) + " first";
        if (floating && joins.size() > 2) {
            return Plan.of(new Fix(RULE, finding.fingerprint(), title, Safety.REVIEW, "Needs a review: the results"
                    + " are " + type + "s combined in a chain, and floating-point arithmetic is not associative, so"
                    + " the result may differ in its last bits." + EXCEPTIONS, edits));
        }
        return Plan.of(new Fix(RULE, finding.fingerprint(), title, Safety.SAFE, "The joined results are combined"
                + " with " + kind.name().toLowerCase(java.util.Locale.ROOT) + " on " + type + ", which gives the same"
                + " value in any operand order" + (floating ? " for two operands" : "") + ", so only the order of the"
                + " waits changes: the worker first joins its last fork, which it can pop off its own deque."
                + EXCEPTIONS, edits));
    }

    /**
     * The primitive type the chain computes in: Spoon's type of it, or, where that is unknown (a backport's
     * classes without a classpath), the unboxed result type that every joined task declares.
     */
    private static String resultType(CtExpression<?> chain, List<CtInvocation<?>> joins) {
        String type = chain.getType() == null ? "" : chain.getType().getQualifiedName();
        if (INTEGRAL.contains(type) || FLOATING.contains(type)) {
            return type;
        }
        String joined = null;
        for (CtInvocation<?> join : joins) {
            String result = TaskResults.unboxedResultOf(join.getTarget().getType());
            if (result == null || joined != null && !joined.equals(result)) {
                return type;
            }
            joined = result;
        }
        return joined;
    }

    private static String lastTaskName(RefactoringContext context, JoinOrderMatch match) {
        return context.text(match.forks().get(match.forks().size() - 1).getTarget());
    }

    private static int indexOf(List<CtStatement> statements, CtStatement statement) {
        for (int i = 0; i < statements.size(); i++) {
            if (statements.get(i) == statement) {
                return i;
            }
        }
        return -1;
    }
}
