package org.fjdoctor.refactorings.scattereddata;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.rules.scattereddata.ScatteredDataRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.imports.TypeNames;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtTypeReference;

/**
 * FJ4: instead of forking each subtask in the iteration that prepares it, the loop only collects the
 * subtasks and one {@code invokeAll(tasks)} after the loop forks all but one and runs that one in place.
 * The join loop stays: join() of a completed task returns its result, so every join still reads its own
 * task, whatever the order (also for LIFO pops from a deque).
 */
@AutoService(Refactoring.class)
public final class InvokeAllRewrite implements Refactoring {

    static final String RULE = Refactoring.idOf(ScatteredDataRule.class);

    @Override
    public Class<? extends Rule> rule() {
        return ScatteredDataRule.class;
    }

    @Override
    public String summary() {
        return "Drops the fork() in the loop that creates the subtasks and forks them all with one"
                + " invokeAll(tasks) after it; the join loop stays.";
    }

    @Override
    public String safeWhen() {
        return "The tasks are collected in a local collection the join loop reads, and nothing between"
                + " the loops depends on them having started.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        if (!(context.element(finding) instanceof CtLoop loop)) {
            return Plan.none();
        }
        ForkLoop shape = ForkLoop.of(loop, context.model());
        if (shape.problem != null) {
            return Plan.manual(shape.problem);
        }
        if (shape.collection == null && shape.add != null
                || shape.collection == null && shape.forkStatement != shape.fork) {
            return Plan.manual("the loop adds its subtasks to a field or parameter; collect them in a local list"
                    + " by hand and fork them with one invokeAll(tasks)");
        }
        String taskClass = TypeNames.in(loop, TypeNames.frameworkAt(context.model(), loop), Role.TASK);
        String invokeAll = invokeAll(loop, context, taskClass);
        if (invokeAll == null) {
            return Plan.manual("a declaration in this file hides the ForkJoinTask class that invokeAll would be"
                    + " called on; collect the subtasks and fork them with one invokeAll(tasks) by hand");
        }
        SourceFile file = context.file(loop);
        List<String> concerns = InvokeAllSafety.concerns(shape, context.model());
        String sep = context.lineSeparator(file);
        String indent = context.indentation(file, loop.getPosition().getSourceStart());
        List<TextEdit> edits = new ArrayList<>();
        String collection;
        if (shape.collection != null) {
            collection = shape.collection.getSimpleName();
            edits.add(removeFork(shape, file));
        } else {
            // No collection to reuse: collect the tasks in a new list the invokeAll can read.
            collection = freshName(loop, "forked");
            String type = taskType(shape, context, taskClass);
            edits.add(TextEdit.insert(file.path(), SourceLines.lineStart(file.text(), loop.getPosition().getSourceStart()),
                    indent + "java.util.List<" + type + "> " + collection + " = new java.util.ArrayList<>();" + sep));
            edits.add(TextEdit.replace(file.path(), shape.fork.getPosition().getSourceStart(),
                    statementEnd(file, shape.fork), collection + ".add(" + context.text(shape.forkTarget()) + ");"));
        }
        edits.add(TextEdit.insert(file.path(), SourceLines.lineEnd(file.text(), loop.getPosition().getSourceEnd()),
                sep + indent + invokeAll + "(" + collection + ");"));
        Safety safety = concerns.isEmpty() ? Safety.SAFE : Safety.REVIEW;
        String why = concerns.isEmpty()
                ? "The loop only collects its subtasks in '" + collection + "', a fresh JDK collection that holds"
                + " exactly the tasks it used to fork; nothing in the loop or before the joins looks at a task"
                + " after its fork, and the loop cannot leave with a task forked but not collected. invokeAll"
                + " forks and completes them all, so the joins return the same results (only exceptions now"
                + " surface at invokeAll instead of at the first failing join)."
                : "Needs a review: " + String.join("; ", concerns) + ".";
        return Plan.of(new Fix(RULE, finding.fingerprint(),
                "Collect the loop's subtasks and fork them with one invokeAll(" + collection + ")",
                safety, why, edits));
    }

    /** Deletes the fork: its whole line when nothing else (but a comment) is on it, else the statement alone. */
    private static TextEdit removeFork(ForkLoop shape, SourceFile file) {
        Path path = file.path();
        String text = file.text();
        if (shape.forkStatement != shape.fork) {
            // c.add(task.fork()) -> c.add(task)
            int targetEnd = shape.forkTarget().getPosition().getSourceEnd() + 1;
            return TextEdit.replace(path, targetEnd, shape.fork.getPosition().getSourceEnd() + 1, "");
        }
        int start = shape.fork.getPosition().getSourceStart();
        int end = statementEnd(file, shape.fork);
        int lineStart = SourceLines.lineStart(file.text(), start);
        int lineEnd = SourceLines.lineEnd(file.text(), end - 1);
        String rest = text.substring(end, lineEnd).strip();
        // a trailing line comment on the fork's line speaks about the fork, so it goes with it
        if (text.substring(lineStart, start).isBlank() && (rest.isEmpty() || rest.startsWith("//"))) {
            int next = lineEnd < text.length() && text.charAt(lineEnd) == '\r' ? lineEnd + 1 : lineEnd;
            next = next < text.length() && text.charAt(next) == '\n' ? next + 1 : next;
            return TextEdit.replace(path, lineStart, next, "");
        }
        while (end < text.length() && (text.charAt(end) == ' ' || text.charAt(end) == '\t')) {
            end++;
        }
        return TextEdit.replace(path, start, end, "");
    }

    /** The offset just after the statement's semicolon, or after its position when there is none. */
    private static int statementEnd(SourceFile file, CtElement statement) {
        int end = SourceLines.statementEnd(file.text(), statement);
        return end < 0 ? statement.getPosition().getSourceEnd() + 1 : end;
    }

    /**
     * How to call ForkJoinTask.invokeAll here: unqualified inside a task class (it is inherited, and no
     * source class on the way declares its own invokeAll), by simple name when the file imports
     * ForkJoinTask, fully qualified otherwise, so that imports never change.
     */
    private static String invokeAll(CtLoop loop, RefactoringContext context, String taskClass) {
        CtType<?> type = loop.getParent(CtType.class);
        if (type instanceof CtClass<?> && context.model().types().isForkJoinTask(type.getReference())
                && !declaresInvokeAll(type)) {
            return "invokeAll";
        }
        return taskClass == null ? null : taskClass + ".invokeAll";
    }

    private static boolean declaresInvokeAll(CtType<?> type) {
        for (CtType<?> current = type; current != null; ) {
            for (CtMethod<?> method : current.getMethods()) {
                if (method.getSimpleName().equals("invokeAll")) {
                    return true;
                }
            }
            CtTypeReference<?> superclass = current.getSuperclass();
            CtType<?> next = superclass == null ? null : superclass.getTypeDeclaration();
            current = next != null && !next.isShadow() ? next : null;
        }
        return false;
    }

    /**
     * The task's declared type as written, or the framework's ForkJoinTask ({@code taskClass} as the
     * file names it, qualified when a declaration hides it) when it is inferred or unknown.
     */
    private static String taskType(ForkLoop shape, RefactoringContext context, String taskClass) {
        if (shape.taskVariable != null && !shape.taskVariable.isInferred()
                && shape.taskVariable.getType().getPosition().isValidPosition()) {
            return context.text(shape.taskVariable.getType());
        }
        return (taskClass == null ? TypeNames.frameworkAt(context.model(), shape.loop).qualified(Role.TASK) : taskClass)
                + "<?>";
    }

    /** {@code base}, or base2, base3.. when the enclosing method already has a variable of that name. */
    private static String freshName(CtStatement loop, String base) {
        CtExecutable<?> scope = loop.getParent(CtExecutable.class);
        CtElement root = scope != null ? scope : loop;
        List<String> taken = new ArrayList<>(CodeScan.elementsIn(root, CtVariable.class).stream()
                .map(v -> v.getSimpleName()).toList());
        CtType<?> type = loop.getParent(CtType.class);
        if (type != null) {
            // a local named like a field would shadow it for the code after the declaration
            type.getAllFields().forEach(field -> taken.add(field.getSimpleName()));
        }
        String name = base;
        for (int i = 2; taken.contains(name); i++) {
            name = base + i;
        }
        return name;
    }
}
