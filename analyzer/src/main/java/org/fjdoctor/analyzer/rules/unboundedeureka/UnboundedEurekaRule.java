package org.fjdoctor.analyzer.rules.unboundedeureka;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.model.TaskEntry;
import org.fjdoctor.analyzer.vocabulary.Apis;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.ModifierKind;

@AutoService(Rule.class)
@RuleInfo(
        id = "unbounded-eureka",
        code = "FJ13",
        title = "A parallel search never stops when it finds its target",
        category = Category.TASK_GRANULARITY,
        severity = Severity.WARNING,
        description = "Search tasks record a find in a shared flag, atomic or result field, but no task checks it"
                + " before working, none is cancelled and none cancels its siblings.",
        rationale = "Once one task has found the target the answer is known, yet every sibling and every queued"
                + " subtask still runs its whole range to completion: the search costs as much as a full scan however"
                + " early the target lies. In a published comparison, searches without cancellation were more than"
                + " 4x slower; checking a cancellation flag at the top of compute() and inside the leaf loops"
                + " removed most of the waste.")
public final class UnboundedEurekaRule implements Rule {

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        ForkJoinApi api = model.api();
        for (TaskEntry entry : model.entries()) {
            if (!(entry.executable() instanceof CtMethod<?> compute) || !(entry.taskType() instanceof CtClass<?> task)
                    || !model.types().isForkJoinTask(task.getReference()) || !createsTasks(api, compute)) {
                continue;
            }
            List<CtExecutable<?>> code = codeOf(model, entry);
            if (code.stream().anyMatch(c -> CodeScan.elementsIn(c, CtInvocation.class).stream()
                    .anyMatch(call -> api.matches(Apis.CANCELLATION, call)))) {
                continue; // it cancels or is cancelled: a bounded search
            }
            for (Write write : writes(api, code)) {
                if (!isRead(api, code, write.flag())) {
                    sink.report(write.statement(), Severity.WARNING, entry.label() + " records a find in "
                            + write.flag().getSimpleName() + ", but no task of the search reads it before working or"
                            + " cancels the others: every task still scans its whole range after the target is found."
                            + " Return early on " + write.flag().getSimpleName() + " at the top of compute() and in the"
                            + " leaf loop.", sink.related(compute, "the search task's compute()"),
                            new EurekaMatch(compute, write.flag(), write.statement(), write.access(), loopAround(write.statement())));
                }
            }
        }
    }

    /** A conditional write of a find: {@code found = true}, {@code result.set(x)}, {@code index.compareAndSet(-1, i)}. */
    private record Write(CtStatement statement, CtField<?> flag, CtExpression<?> access) {
    }

    /** The entry and everything reached from it. */
    private static List<CtExecutable<?>> codeOf(ForkJoinModel model, TaskEntry entry) {
        List<CtExecutable<?>> code = new ArrayList<>();
        for (Reach reach : model.reachable()) {
            if (reach.entry() == entry) {
                code.add(reach.executable());
            }
        }
        return code;
    }

    private static List<Write> writes(ForkJoinApi api, List<CtExecutable<?>> code) {
        List<Write> writes = new ArrayList<>();
        for (CtExecutable<?> executable : code) {
            for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(executable, CtAssignment.class)) {
                // The literal first: resolving a field's declaration can cost a scan of its top class.
                if (assignment.getAssignment() instanceof CtLiteral<?> literal && Boolean.TRUE.equals(literal.getValue())
                        && assignment.getAssigned() instanceof CtFieldWrite<?> write
                        && isSharedFlag(write.getVariable().getFieldDeclaration()) && conditional(api, assignment)) {
                    writes.add(new Write(assignment, write.getVariable().getFieldDeclaration(), write));
                }
            }
            for (CtInvocation<?> call : CodeScan.elementsIn(executable, CtInvocation.class)) {
                if (api.matches(Apis.FOUND_SET, call) && call.getTarget() instanceof CtFieldRead<?> read
                        && read.getVariable().getFieldDeclaration() != null && conditional(api, call)
                        && call.getParent() instanceof CtBlock<?>) {
                    writes.add(new Write(call, read.getVariable().getFieldDeclaration(), read));
                }
            }
        }
        return writes;
    }

    /** The innermost loop around {@code statement} in its own method (not one the method is called from). */
    private static CtLoop loopAround(CtStatement statement) {
        CtLoop loop = statement.getParent(CtLoop.class);
        return loop != null && loop.hasParent(statement.getParent(CtExecutable.class)) ? loop : null;
    }

    /** A static boolean field (volatile or not): one flag all tasks of the search share. */
    private static boolean isSharedFlag(CtField<?> field) {
        return field != null && field.hasModifier(ModifierKind.STATIC) && field.getType() != null
                && field.getType().unbox().getQualifiedName().equals("boolean");
    }

    /**
     * Written when something is found: under an {@code if}, in the method that writes it, that tests the
     * find. The {@code if} that chooses between splitting and the leaf tests no find: a write in the leaf
     * records what every leaf computes (an aggregate such as "some batch sent a message").
     */
    private static boolean conditional(ForkJoinApi api, CtStatement statement) {
        CtIf branch = statement.getParent(CtIf.class);
        return branch != null && branch.hasParent(statement.getParent(CtExecutable.class))
                && !createsTasks(api, branch.getThenStatement()) && !createsTasks(api, branch.getElseStatement());
    }

    /** Whether the search's code reads the field other than to write it: a check of the flag. */
    private static boolean isRead(ForkJoinApi api, List<CtExecutable<?>> code, CtField<?> flag) {
        for (CtExecutable<?> executable : code) {
            for (CtFieldAccess<?> access : CodeScan.elementsIn(executable, CtFieldAccess.class)) {
                if (!(access instanceof CtFieldRead<?>) || access.getVariable().getFieldDeclaration() != flag) {
                    continue;
                }
                if (access.getParent() instanceof CtInvocation<?> call && call.getTarget() == access
                        && api.matches(Apis.FOUND_SET, call)) {
                    continue; // found.set(true) writes it
                }
                if (access.getParent() instanceof CtConstructorCall<?>) {
                    continue; // handed to a subtask: shared, not checked
                }
                return true;
            }
        }
        return false;
    }

    private static boolean createsTasks(ForkJoinApi api, CtElement code) {
        return code != null && CodeScan.elementsIn(code, CtConstructorCall.class).stream().anyMatch(api::isTaskConstruction);
    }
}
