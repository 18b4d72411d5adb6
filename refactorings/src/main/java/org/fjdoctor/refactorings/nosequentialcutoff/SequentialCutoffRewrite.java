package org.fjdoctor.refactorings.nosequentialcutoff;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.JavaTypes;
import org.fjdoctor.analyzer.rules.nosequentialcutoff.NoCutoffMatch;
import org.fjdoctor.analyzer.rules.nosequentialcutoff.NoSequentialCutoffRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.StaticFields;
import org.fjdoctor.refactorings.TextEdit;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtBreak;
import spoon.reflect.code.CtContinue;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * FJ11: a named sequential cutoff. The single-element comparison becomes {@code size <= THRESHOLD} (or
 * {@code size > THRESHOLD} where it guards the split), with {@code private static final int
 * SEQUENTIAL_THRESHOLD = 1000} declared in the task class; where the leaf already loops over the range
 * that is all, and where a {@code RecursiveAction}'s leaf handles the one element at the range's low end,
 * its statements move into a loop over the range. Always REVIEW: the threshold is a starting point to
 * tune, and leaves now run their range sequentially.
 */
@AutoService(Refactoring.class)
public final class SequentialCutoffRewrite implements Refactoring {

    static final String THRESHOLD = "1000";

    @Override
    public Class<? extends Rule> rule() {
        return NoSequentialCutoffRule.class;
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(NoCutoffMatch.class);
    }

    @Override
    public String summary() {
        return "Stops splitting at a named SEQUENTIAL_THRESHOLD (1000, a starting point to tune) and"
                + " runs the leaf as a loop over its range, so tasks are not created per element.";
    }

    @Override
    public String safeWhen() {
        return "Never: always REVIEW, since the threshold needs tuning. Manual for leaves without a"
                + " range, value-returning per-element leaves and splitting loops.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        NoCutoffMatch match = context.match(finding, NoCutoffMatch.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        String size = match.size() != null ? context.text(match.size())
                : match.sizeLow() != null ? match.sizeHigh() + " - " + match.sizeLow() : null;
        if (size == null || match.leaf() == null) {
            return Plan.manual("the base case " + (size == null ? "compares the range's two ends" : "is the code"
                    + " after the splitting loop") + "; choose a threshold and write the sequential leaf by hand.");
        }
        CtMethod<?> compute = match.compute();
        SourceFile file = context.file(compute);
        CtType<?> task = compute.getDeclaringType();
        CtType<?> holder = canHoldStatics(task) ? task : JavaTypes.topLevel(task);
        String constant = StaticFields.freshName(holder, "SEQUENTIAL_THRESHOLD");
        List<TextEdit> edits = new ArrayList<>();
        CtBinaryOperator<?> comparison = match.comparison();
        edits.add(TextEdit.replace(file.path(), comparison.getPosition().getSourceStart(),
                comparison.getPosition().getSourceEnd() + 1,
                size + (match.trueAtLeaf() ? " <= " : " > ") + constant));
        edits.add(StaticFields.declare(context, file, holder, "private static final int " + constant + " = " + THRESHOLD + ";"));
        String how;
        if (match.rangeLoop() != null) {
            how = "The leaf already loops over its range, so it now handles up to " + THRESHOLD + " elements";
        } else {
            String problem = loopOverTheRange(context, file, match, edits);
            if (problem != null) {
                return Plan.manual(problem);
            }
            how = "The leaf's per-element statements now run in a loop over its range (the element at "
                    + match.sizeLow() + " becomes each element from " + match.sizeLow() + " to " + match.sizeHigh() + ")";
        }
        return Plan.of(new Fix(finding.ruleId(), finding.fingerprint(), "Add a sequential cutoff " + constant,
                Safety.REVIEW, how + " and tasks split only above " + constant + ", so a task does enough work to pay"
                        + " for its creation, fork and join. REVIEW because " + THRESHOLD + " is a starting point to tune"
                        + " (aim for 100 to 10,000 basic steps per leaf), and because leaves now process their whole range"
                        + " sequentially, in order.", edits));
    }

    /** A static nested or top-level class may declare the constant (an inner class only from Java 16 on). */
    private static boolean canHoldStatics(CtType<?> type) {
        return type instanceof CtClass<?> && !type.isAnonymous() && !type.isLocalType()
                && (type.isTopLevel() || type.hasModifier(ModifierKind.STATIC));
    }

    /**
     * A RecursiveAction's leaf block that handles the element at {@code lo}: its statements (all but a final
     * {@code return;}) go into {@code for (int i = lo; i < hi; i++) {..}} with {@code lo} read as {@code i}.
     */
    private static String loopOverTheRange(RefactoringContext context, SourceFile file, NoCutoffMatch match,
                                           List<TextEdit> edits) {
        String low = match.sizeLow();
        String high = match.sizeHigh();
        if (low == null || !match.compute().getType().getQualifiedName().equals("void")
                || !(match.leaf() instanceof CtBlock<?> block)) {
            return "the leaf handles one element without a loop over a range of its own; write a sequential loop"
                    + " over the range below a threshold by hand.";
        }
        List<CtStatement> statements = new ArrayList<>(block.getStatements());
        if (!statements.isEmpty() && statements.get(statements.size() - 1) instanceof CtReturn<?> last
                && last.getReturnedExpression() == null) {
            statements.remove(statements.size() - 1);
        }
        if (statements.isEmpty()) {
            return "the leaf does no per-element work to loop over; write the sequential leaf by hand.";
        }
        for (CtStatement statement : statements) {
            boolean exits = !statement.getElements(new TypeFilter<>(CtReturn.class)).isEmpty()
                    || statement.getElements(new TypeFilter<>(CtBreak.class)).stream().anyMatch(b -> b.getParent(CtLoop.class) == null)
                    || statement.getElements(new TypeFilter<>(CtContinue.class)).stream().anyMatch(c -> c.getParent(CtLoop.class) == null);
            boolean boundsTouched = statement.getElements(new TypeFilter<>(CtVariableWrite.class)).stream()
                    .anyMatch(w -> w.getVariable().getSimpleName().equals(low) || w.getVariable().getSimpleName().equals(high))
                    || statement.getElements(new TypeFilter<>(CtVariableRead.class)).stream()
                    .anyMatch(r -> r.getVariable().getSimpleName().equals(high));
            if (exits || boundsTouched || statement instanceof CtLocalVariable<?>) {
                return "the leaf's statements do more than handle the element at " + low + " (they leave early, declare"
                        + " locals, or use " + high + "); write the sequential leaf by hand.";
            }
        }
        String text = file.text();
        int start = SourceLines.lineStart(text, statements.get(0).getPosition().getSourceStart());
        int end = SourceLines.nextLineStart(text, SourceLines.lineEnd(text,
                SourceLines.statementEnd(text, statements.get(statements.size() - 1))));
        String index = freshIndex(match.compute());
        StringBuilder body = new StringBuilder(text.substring(start, end));
        List<CtVariableRead<?>> lows = new ArrayList<>();
        for (CtStatement statement : statements) {
            statement.getElements(new TypeFilter<>(CtVariableRead.class)).stream()
                    .filter(r -> r.getVariable().getSimpleName().equals(low) && !r.isImplicit())
                    .forEach(lows::add);
        }
        lows.sort(Comparator.comparingInt((CtVariableRead<?> r) -> r.getPosition().getSourceStart()).reversed());
        for (CtVariableRead<?> read : lows) {
            body.replace(read.getPosition().getSourceStart() - start, read.getPosition().getSourceEnd() + 1 - start, index);
        }
        boolean wide = lows.stream().anyMatch(r -> r.getType() != null && r.getType().unbox().getQualifiedName().equals("long"));
        String unit = context.indentUnit(file);
        String indent = context.indentation(file, start);
        String newline = context.lineSeparator(file);
        StringBuilder loop = new StringBuilder(indent).append("for (int ").append(index).append(" = ").append(low)
                .append("; ").append(index).append(" < ").append(high).append("; ").append(index).append("++) {").append(newline);
        for (String line : SourceLines.linesWithTerminators(body.toString())) {
            loop.append(line.isBlank() ? line : unit + line);
        }
        loop.append(indent).append("}").append(newline);
        edits.add(TextEdit.replace(file.path(), start, end, loop.toString()));
        return null;
    }

    private static String freshIndex(CtMethod<?> compute) {
        Set<String> taken = new HashSet<>();
        compute.getElements(new TypeFilter<>(CtVariable.class)).forEach(v -> taken.add(v.getSimpleName()));
        compute.getElements(new TypeFilter<>(CtVariableRead.class)).forEach(r -> taken.add(r.getVariable().getSimpleName()));
        for (String name : List.of("i", "j", "k", "index")) {
            if (!taken.contains(name)) {
                return name;
            }
        }
        return StaticFields.freshName(compute.getDeclaringType(), "index");
    }
}
