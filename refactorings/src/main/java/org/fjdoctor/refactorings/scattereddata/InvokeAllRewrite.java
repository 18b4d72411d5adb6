package org.fjdoctor.refactorings.scattereddata;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.rules.scattereddata.ForksInLoop;
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
import org.fjdoctor.refactorings.imports.Importer;
import org.fjdoctor.refactorings.imports.TypeNames;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtWildcardReference;

/**
 * FJ4, the catalog's {@code a a a b b b c} shape: instead of forking each subtask in the iteration that
 * prepares it, the loop only prepares and collects the subtasks, and they are forked after it. When the
 * joins follow the loop directly, one {@code invokeAll(tasks)} forks all but one and runs that one in
 * place; when the task does work of its own between the loop and the joins, the tasks are forked in a
 * loop after it without waiting, so that work still overlaps with them (invokeAll there would run it
 * only after every subtask finished). A collection that already holds other tasks when the loop starts
 * (two loops filling one list) is forked from the size it had before the loop, so no task is forked
 * twice. The joins stay: join() of a completed task returns its result, so every join still reads its
 * own task, whatever the order (also for LIFO pops from a deque).
 */
@AutoService(Refactoring.class)
public final class InvokeAllRewrite implements Refactoring {

    @Override
    public Class<? extends Rule> rule() {
        return ScatteredDataRule.class;
    }

    @Override
    public int priority() {
        return 10; // the only rewrite of fork loops
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(ForksInLoop.class);
    }

    @Override
    public String summary() {
        return "Drops the fork() in the loop that creates the subtasks and forks them all with one"
                + " invokeAll(tasks) after it; the join loop stays.";
    }

    @Override
    public String safeWhen() {
        return "The tasks are collected in a local collection the join loop reads, nothing between"
                + " the loops depends on them having started, and the loop does not sleep, wait or do blocking"
                + " I/O between its forks (that pacing, or that overlap, would be lost).";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        ForksInLoop match = context.match(finding, ForksInLoop.class).orElse(null);
        return match == null ? Plan.none() : plan(finding, context, match);
    }

    /** The fix of the fork loop {@code match}, for a finding of this rule or of another that reports the loop. */
    public Plan plan(Finding finding, RefactoringContext context, ForksInLoop match) {
        if (match.handedToPool()) {
            return Plan.manual("the loop hands each subtask to a pool (submit or execute, directly or through a"
                    + " helper) instead of forking it; collect the subtasks in the loop and start them after it by"
                    + " hand, on the pool they run on now");
        }
        CtLoop loop = match.forkLoop();
        ForkLoop shape = ForkLoop.of(loop, context.model());
        if (shape.problem != null) {
            return Plan.manual(shape.problem);
        }
        if (shape.collection == null && shape.add != null
                || shape.collection == null && shape.forkStatement != shape.fork) {
            return Plan.manual("the loop adds its subtasks to a field or parameter; collect them in a local list"
                    + " by hand and fork them with one invokeAll(tasks)");
        }
        InvokeAllSafety.Group group = InvokeAllSafety.group(shape);
        if (group == InvokeAllSafety.Group.MIXED) {
            return Plan.manual("'" + shape.collection.getSimpleName() + "' may already hold other tasks when the loop"
                    + " starts, and it is no list the loop appends to, so the loop's own tasks cannot be forked apart"
                    + " from them without forking a task twice; fork each group of subtasks after the loop that"
                    + " prepares it by hand");
        }
        String taskClass = TypeNames.in(loop, TypeNames.frameworkAt(context.model(), loop), Role.TASK);
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
            // No collection to reuse: collect the tasks in a new list the code after the loop can read.
            collection = freshName(loop, "forked");
            String type = taskType(shape, context, taskClass);
            Importer importer = Importer.at(context, loop);
            String list = importer.name("java.util.List");
            String arrayList = importer.name("java.util.ArrayList");
            if (list == null || arrayList == null) {
                return Plan.manual("a declaration in this file hides java.util; collect the subtasks in a list and"
                        + " fork them after the loop by hand");
            }
            edits.add(TextEdit.insert(file.path(), SourceLines.lineStart(file.text(), loop.getPosition().getSourceStart()),
                    indent + list + "<" + type + "> " + collection + " = new " + arrayList + "<"
                            + (context.javaLevel(loop) >= 7 ? "" : type) + ">();" + sep));
            edits.addAll(importer.edits());
            edits.add(TextEdit.replace(file.path(), shape.fork.getPosition().getSourceStart(),
                    statementEnd(file, shape.fork), collection + ".add(" + context.text(shape.forkTarget()) + ");"));
        }
        int afterLoop = SourceLines.lineEnd(file.text(), loop.getPosition().getSourceEnd());
        Safety safety = concerns.isEmpty() ? Safety.SAFE : Safety.REVIEW;
        if (shape.collection != null && group == InvokeAllSafety.Group.WHOLE && InvokeAllSafety.joinsFollow(shape)) {
            String invokeAll = TypeNames.invokeAll(context.model(), loop, taskClass);
            if (invokeAll == null) {
                return Plan.manual("a declaration in this file hides the ForkJoinTask class that invokeAll would be"
                        + " called on; collect the subtasks and fork them with one invokeAll(tasks) by hand");
            }
            edits.add(TextEdit.insert(file.path(), afterLoop, sep + indent + invokeAll + "(" + collection + ");"));
            String why = concerns.isEmpty()
                    ? "The loop only collects its subtasks in '" + collection + "', a fresh JDK collection that holds"
                    + " exactly the tasks it used to fork; nothing in the loop or before the joins looks at a task"
                    + " after its fork, and the loop cannot leave with a task forked but not collected. The joins"
                    + " follow the loop directly, so waiting in invokeAll delays no work of the task's own. invokeAll"
                    + " forks and completes them all, so the joins return the same results (only exceptions now"
                    + " surface at invokeAll instead of at the first failing join)."
                    : "Needs a review: " + String.join("; ", concerns) + ".";
            return Plan.of(new Fix(finding.ruleId(), finding.fingerprint(),
                    "Collect the loop's subtasks and fork them with one invokeAll(" + collection + ")",
                    safety, why, edits));
        }
        String elementType = elementType(shape, context, taskClass);
        if (elementType == null) {
            return Plan.manual("a declaration in this file hides the ForkJoinTask class; collect the subtasks and"
                    + " fork them after the loop by hand");
        }
        String tasks = collection;
        if (group == InvokeAllSafety.Group.APPENDED) {
            String first = freshName(loop, "firstForked");
            edits.add(TextEdit.insert(file.path(), SourceLines.lineStart(file.text(), loop.getPosition().getSourceStart()),
                    indent + "int " + first + " = " + collection + ".size();" + sep));
            tasks = collection + ".subList(" + first + ", " + collection + ".size())";
        }
        String task = freshName(loop, "subtask");
        String unit = context.indentUnit(file);
        edits.add(TextEdit.insert(file.path(), afterLoop, sep + indent + "for (" + elementType + " " + task + " : " + tasks
                + ") {" + sep + indent + unit + task + ".fork();" + sep + indent + "}"));
        String why = concerns.isEmpty()
                ? "The loop only prepares its subtasks and collects them in '" + collection + "'"
                + (group == InvokeAllSafety.Group.APPENDED ? " (its tasks are the elements it appends, from index "
                + "the size before the loop)" : ", which holds just them") + "; all of them are forked right after it,"
                + " before anything that followed the loop, so the work after the loop still overlaps with them and"
                + " the joins are unchanged. Nothing in the loop looks at a task after its fork, and the loop cannot"
                + " leave with a task forked but not collected; a task now only starts later, so no two things run"
                + " at the same time that did not before."
                : "Needs a review: " + String.join("; ", concerns) + ".";
        return Plan.of(new Fix(finding.ruleId(), finding.fingerprint(), "Prepare all subtasks first, then fork them after the loop",
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
            return SourceLines.deleteLines(path, text, lineStart, SourceLines.nextLineStart(text, lineEnd));
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

    /**
     * The type the fork loop after the loop declares its variable with: the collection's element type as
     * written when it is a task class (or {@code ? extends} one), the task's declared type for a new list,
     * else the framework's {@code ForkJoinTask<?>}; {@code null} when a declaration hides that class.
     */
    private static String elementType(ForkLoop shape, RefactoringContext context, String taskClass) {
        if (shape.collection == null) {
            return taskType(shape, context, taskClass);
        }
        CtTypeReference<?> type = shape.collection.isInferred() ? null : shape.collection.getType();
        if (type != null && type.getActualTypeArguments().size() == 1) {
            CtTypeReference<?> element = type.getActualTypeArguments().get(0);
            if (element instanceof CtWildcardReference wildcard && wildcard.isUpper()) {
                element = wildcard.getBoundingType();
            }
            if (element != null && element.getPosition().isValidPosition()
                    && context.model().types().isForkJoinTask(element)) {
                return context.text(element);
            }
        }
        return taskClass == null ? null : taskClass + "<?>";
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
