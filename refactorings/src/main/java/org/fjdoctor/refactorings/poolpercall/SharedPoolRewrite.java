package org.fjdoctor.refactorings.poolpercall;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.JavaTypes;
import org.fjdoctor.analyzer.rules.poolpercall.PoolPerCallMatch;
import org.fjdoctor.analyzer.rules.poolpercall.PoolPerCallRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.StaticFields;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.imports.TypeNames;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtSuperAccess;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtTryWithResource;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtEnum;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * FJ10: one shared pool instead of a pool per call. The creation moves, with its arguments (so the
 * parallelism is kept), into a {@code private static final} field of the file's top-level class; the
 * creation site reads the field, and the {@code shutdown()}/{@code close()}/{@code awaitTermination(..)}
 * statements that ended the pool after its one use go (a {@code finally} that only held them goes with
 * them). Always REVIEW: the pool now lives as long as the class, and calls running at the same time share
 * its workers instead of each having its own.
 */
@AutoService(Refactoring.class)
public final class SharedPoolRewrite implements Refactoring {

    @Override
    public Class<? extends Rule> rule() {
        return PoolPerCallRule.class;
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(PoolPerCallMatch.class);
    }

    @Override
    public String summary() {
        return "Moves the pool creation, with its arguments (so its parallelism), into a private static"
                + " final field and drops the shutdown after its one use, so calls share one pool instead of"
                + " starting threads per call.";
    }

    @Override
    public String safeWhen() {
        return "Never: always REVIEW, because the pool then lives as long as the class and concurrent"
                + " calls share its workers. Manual when the arguments read locals, parameters or this.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        PoolPerCallMatch match = context.match(finding, PoolPerCallMatch.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        CtConstructorCall<?> creation = match.creation();
        String created = creation.getType().getQualifiedName();
        if (!Role.POOL.qualifiedNames().contains(created)) {
            return Plan.manual("the pool is a " + created + ", a subclass of ForkJoinPool; share one instance by hand.");
        }
        if (match.local() != null && match.local().getParent() instanceof CtTryWithResource) {
            return Plan.manual("try-with-resources closes the pool after its one use; take the pool out of the"
                    + " resources and share one instance by hand.");
        }
        CtType<?> top = JavaTypes.topLevel(creation.getParent(CtType.class));
        if (!(top instanceof CtClass<?>) || top instanceof CtEnum<?>) {
            return Plan.manual("the file's top-level type is not a class that can hold the shared pool's field.");
        }
        String dependency = dependsOnTheCall(creation, top);
        if (dependency != null) {
            return Plan.manual("the pool's arguments read " + dependency + ", which a static field cannot; share one"
                    + " pool per distinct argument, or the common pool, by hand.");
        }
        Framework framework = context.model().types().frameworkOf(creation.getType());
        String poolType = TypeNames.in(creation, framework, Role.POOL);
        if (poolType == null) {
            return Plan.manual("this file hides " + framework.qualified(Role.POOL) + ", so the field's type cannot be named.");
        }
        SourceFile file = context.file(creation);
        List<TextEdit> edits = new ArrayList<>();
        Set<CtTry> emptiedFinally = Collections.newSetFromMap(new IdentityHashMap<>());
        for (CtInvocation<?> ending : match.endings()) {
            if (!(ending.getParent() instanceof CtBlock<?> block)) {
                return Plan.manual("the pool's " + ending.getExecutable().getSimpleName() + "(..) is part of a larger"
                        + " expression; remove it by hand once the pool is shared.");
            }
            if (block.getParent() instanceof CtTry tryStatement && tryStatement.getFinalizer() == block
                    && block.getStatements().stream().allMatch(s -> match.endings().stream().anyMatch(e -> e == s))) {
                if (emptiedFinally.add(tryStatement)) {
                    edits.add(dropFinally(context, file, tryStatement));
                }
                continue;
            }
            if (ending.getExecutable().getSimpleName().equals("awaitTermination") && insideTryWithCatch(ending)) {
                return Plan.manual("awaitTermination(..) sits in a try whose catch may become unreachable without it;"
                        + " remove it by hand once the pool is shared.");
            }
            edits.add(SourceLines.delete(file, ending));
        }
        String field = StaticFields.freshName(top, "POOL");
        edits.add(StaticFields.declare(context, file, top,
                "private static final " + poolType + " " + field + " = " + context.text(creation) + ";"));
        edits.add(TextEdit.replace(file.path(), creation.getPosition().getSourceStart(),
                creation.getPosition().getSourceEnd() + 1, field));
        return Plan.of(new Fix(finding.ruleId(), finding.fingerprint(), "Share one pool: a static field " + field,
                Safety.REVIEW, "The pool is created once, with the same arguments (so the same parallelism), when "
                        + top.getSimpleName() + " is initialized, and every call uses it"
                        + (match.endings().isEmpty() ? "" : "; the shutdown after each use is removed, since a shared"
                        + " pool must outlive every call") + ". Its workers are daemon threads that time out when idle."
                        + " REVIEW because the pool now lives as long as the class and calls running at the same time"
                        + " share its workers instead of each starting their own.", edits));
    }

    /** What the arguments read that a static initializer of {@code top} cannot: locals, parameters, this. */
    private static String dependsOnTheCall(CtConstructorCall<?> creation, CtType<?> top) {
        if (!creation.getElements(new TypeFilter<>(CtThisAccess.class)).stream().allMatch(CtElement::isImplicit)
                || !creation.getElements(new TypeFilter<>(CtSuperAccess.class)).isEmpty()) {
            return "this";
        }
        for (CtVariableAccess<?> access : creation.getElements(new TypeFilter<>(CtVariableAccess.class))) {
            CtVariable<?> variable = access.getVariable().getDeclaration();
            if (variable != null && variable.hasParent(creation)) {
                continue; // a lambda's own parameter
            }
            if (!(access instanceof CtFieldRead<?> read) || !(variable instanceof CtField<?> field)
                    || !field.hasModifier(ModifierKind.STATIC)) {
                return access.getVariable().getSimpleName();
            }
            boolean qualified = read.getTarget() instanceof CtTypeAccess<?> type && !type.isImplicit();
            if (!qualified && field.getDeclaringType() != top) {
                return access.getVariable().getSimpleName() + " of " + field.getDeclaringType().getSimpleName();
            }
        }
        for (CtInvocation<?> call : creation.getElements(new TypeFilter<>(CtInvocation.class))) {
            if (call.getTarget() instanceof CtThisAccess<?>) {
                return call.getExecutable().getSimpleName() + "() of this object";
            }
        }
        return null;
    }

    private static boolean insideTryWithCatch(CtElement element) {
        for (CtTry around = element.getParent(CtTry.class); around != null; around = around.getParent(CtTry.class)) {
            if (!around.getCatchers().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * A {@code finally} left empty: without catchers the try's body replaces the whole statement, one level
     * out; with catchers only {@code finally {..}} goes.
     */
    private static TextEdit dropFinally(RefactoringContext context, SourceFile file, CtTry tryStatement) {
        String text = file.text();
        CtBlock<?> finalizer = tryStatement.getFinalizer();
        int finalizerEnd = finalizer.getPosition().getSourceEnd() + 1;
        if (!tryStatement.getCatchers().isEmpty()) {
            int lastCatchEnd = tryStatement.getCatchers().get(tryStatement.getCatchers().size() - 1)
                    .getPosition().getSourceEnd() + 1;
            return TextEdit.replace(file.path(), lastCatchEnd, finalizerEnd, "");
        }
        CtBlock<?> body = tryStatement.getBody();
        int start = SourceLines.lineStart(text, tryStatement.getPosition().getSourceStart());
        int end = SourceLines.nextLineStart(text, SourceLines.lineEnd(text, finalizerEnd));
        int innerStart = SourceLines.nextLineStart(text, SourceLines.lineEnd(text, body.getPosition().getSourceStart()));
        int innerEnd = SourceLines.lineStart(text, body.getPosition().getSourceEnd());
        String unit = context.indentUnit(file);
        StringBuilder outdented = new StringBuilder();
        for (String line : text.substring(innerStart, innerEnd).split("(?<=\n)")) {
            outdented.append(line.startsWith(unit) ? line.substring(unit.length()) : line);
        }
        return TextEdit.replace(file.path(), start, end, outdented.toString());
    }
}
