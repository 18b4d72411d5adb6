package org.fjdoctor.refactorings.unboundedeureka;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.rules.unboundedeureka.EurekaMatch;
import org.fjdoctor.analyzer.rules.unboundedeureka.UnboundedEurekaRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;

/**
 * FJ13: a bounded eureka. {@code compute()} returns at once when the find is already recorded, and the
 * leaf loop around the write stops ({@code break}) as soon as it is: later tasks and the rest of every
 * running leaf no longer scan their ranges after the target is found. The check reads the field as the
 * write names it: {@code found}, {@code FOUND.get()}, {@code result.get() != null},
 * {@code index.get() != -1} (the atomic's initial value). Always REVIEW: with several matches, which
 * one is found may change, and work done after the find is skipped.
 */
@AutoService(Refactoring.class)
public final class EarlyExitRewrite implements Refactoring {

    private static final String ATOMIC = "java.util.concurrent.atomic.";

    @Override
    public Class<? extends Rule> rule() {
        return UnboundedEurekaRule.class;
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(EurekaMatch.class);
    }

    @Override
    public String summary() {
        return "Checks the search's found flag first in compute() and in the leaf loop, so tasks stop"
                + " working once the target is found.";
    }

    @Override
    public String safeWhen() {
        return "Never: always REVIEW, because with several matches another one may be found first, and a"
                + " task that returns early reports nothing found for its range. Manual when the find is"
                + " written outside the task class.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        EurekaMatch match = context.match(finding, EurekaMatch.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        CtMethod<?> compute = match.compute();
        CtExecutable<?> writer = match.write().getParent(CtExecutable.class);
        if (!(writer instanceof CtMethod<?> method) || method.getDeclaringType() != compute.getDeclaringType()) {
            return Plan.manual("the find is recorded outside the task class; check it at the top of compute() and in"
                    + " the leaf loop by hand.");
        }
        String check = check(context, match);
        if (check == null) {
            return Plan.manual("the initial value of " + match.flag().getSimpleName() + " is not known here, so an"
                    + " unset flag cannot be told from a find; check it by hand.");
        }
        String exit = exit(compute);
        if (exit == null) {
            return Plan.manual("compute() returns no constant for \"nothing found\" that an early return could give;"
                    + " return early by hand.");
        }
        SourceFile file = context.file(compute);
        List<TextEdit> edits = new ArrayList<>();
        CtBlock<?> body = compute.getBody();
        if (body.getStatements().isEmpty()) {
            return Plan.none();
        }
        edits.add(guard(context, file, body.getStatements().get(0), check, exit));
        if (match.leafLoop() != null && match.leafLoop().getBody() instanceof CtBlock<?> loopBody
                && !loopBody.getStatements().isEmpty() && loopBody.getStatements().get(0) != body.getStatements().get(0)) {
            edits.add(guard(context, file, loopBody.getStatements().get(0), check, "break;"));
        }
        return Plan.of(new Fix(finding.ruleId(), finding.fingerprint(), "Stop the search once "
                + match.flag().getSimpleName() + " records a find", Safety.REVIEW, "compute() now returns at once ("
                + exit + ") when " + check + ", and the leaf loop stops there too, so the tasks still queued or running"
                + " after the target is found skip their ranges instead of scanning them. REVIEW because with several"
                + " matches a different one may be found first, and a task that returns early gives \"nothing found\""
                + " for its range: the result must come from " + match.flag().getSimpleName() + ".", edits));
    }

    /** {@code if (check) {\n exit\n}} on the lines before {@code first}, in its indentation. */
    private static TextEdit guard(RefactoringContext context, SourceFile file, CtStatement first, String check,
                                  String exit) {
        int start = SourceLines.lineStart(file.text(), first.getPosition().getSourceStart());
        String indent = context.indentation(file, first.getPosition().getSourceStart());
        String newline = context.lineSeparator(file);
        return TextEdit.insert(file.path(), start, indent + "if (" + check + ") {" + newline + indent
                + context.indentUnit(file) + exit + newline + indent + "}" + newline);
    }

    /** The condition that is true once a find is recorded, or {@code null} if the unset value is unknown. */
    private static String check(RefactoringContext context, EurekaMatch match) {
        String access = context.text(match.flagAccess());
        CtField<?> flag = match.flag();
        String type = flag.getType().getQualifiedName();
        if (flag.getType().unbox().getQualifiedName().equals("boolean")) {
            return access;
        }
        if (type.equals(ATOMIC + "AtomicBoolean")) {
            return access + ".get()";
        }
        CtExpression<?> initial = flag.getDefaultExpression();
        if (!(initial instanceof CtConstructorCall<?> creation) || creation.getArguments().size() > 1) {
            return null;
        }
        CtExpression<?> value = creation.getArguments().isEmpty() ? null : creation.getArguments().get(0);
        if (value != null && !(value instanceof CtLiteral<?>) && !isNegatedLiteral(value)) {
            return null;
        }
        if (type.equals(ATOMIC + "AtomicReference")) {
            return value == null || ((CtLiteral<?>) value).getValue() == null ? access + ".get() != null" : null;
        }
        return access + ".get() != " + (value == null ? "0" : context.text(value));
    }

    private static boolean isNegatedLiteral(CtExpression<?> value) {
        return value instanceof CtUnaryOperator<?> minus
                && minus.getKind() == UnaryOperatorKind.NEG && minus.getOperand() instanceof CtLiteral<?>;
    }

    /** {@code return;}, or {@code return <constant>;} as compute() already returns for "nothing found". */
    private static String exit(CtMethod<?> compute) {
        if (compute.getType().getQualifiedName().equals("void")) {
            return "return;";
        }
        for (CtReturn<?> ret : CodeScan.elementsIn(compute, CtReturn.class)) {
            CtExpression<?> value = ret.getReturnedExpression();
            if (value instanceof CtLiteral<?> || isNegatedLiteral(value)) {
                return "return " + value + ";";
            }
        }
        return null;
    }
}
