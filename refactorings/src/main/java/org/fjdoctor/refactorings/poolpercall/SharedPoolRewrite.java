package org.fjdoctor.refactorings.poolpercall;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
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
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtStatement;
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
 * them; a try-with-resources that closed the pool loses it as its resource, see {@link TryResource}). Always
 * REVIEW: the pool now lives as long as the class, and calls running at the same time share
 * its workers instead of each having its own.
 */
@AutoService(Refactoring.class)
public final class SharedPoolRewrite implements Refactoring {

    /**
     * Why a pool created in task code gets no shared pool. Its caller is a worker of another pool, and
     * ForkJoinTask.awaitDone waits in the caller's own pool: it runs that pool's tasks and adds spare
     * workers there. Sharing the second pool changes only how slowly it starts, and on agutsul/chess
     * (bench/realworld-workloads/chess-alphabeta) it took away parallelism the search had only through
     * those spare workers: 0.87x-0.89x, with one pool per thread 0.90x.
     */
    static final String IN_TASK_CODE = "the pool is created in task code, so its caller is a worker of another"
            + " pool, which waits for this pool's tasks by running its own pool's tasks and adding spare workers"
            + " there. A shared pool keeps that wait and was measured slower (agutsul/chess: 0.87-0.89x). Run the"
            + " work in the caller's pool instead (task.invoke() or ForkJoinTask.invokeAll(..) when"
            + " ForkJoinTask.inForkJoinPool(), the shared pool otherwise), by hand, and measure it at the thread"
            + " counts you use: the spare workers the waits added go too.";

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
                + " final field and drops the shutdown after its one use (a try-with-resources loses the pool as"
                + " its resource), so calls share one pool instead of starting threads per call.";
    }

    @Override
    public String safeWhen() {
        return "Never: always REVIEW, because the pool then lives as long as the class and concurrent"
                + " calls share its workers; manual when the pool is created in task code (its callers are another"
                + " pool's workers, whose waits add spare workers there). A pool whose only argument, its parallelism, comes from the call gets"
                + " one shared pool per parallelism in a static map (Java 8+); manual when other arguments read"
                + " locals, parameters or this.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        PoolPerCallMatch match = context.match(finding, PoolPerCallMatch.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        CtConstructorCall<?> creation = match.creation();
        if (match.fromTaskCode() != null) {
            return Plan.manual(IN_TASK_CODE);
        }
        String created = creation.getType().getQualifiedName();
        if (!Role.POOL.qualifiedNames().contains(created)) {
            return Plan.manual("the pool is a " + created + ", a subclass of ForkJoinPool; share one instance by hand.");
        }
        CtTryWithResource resourceOf = match.local() != null && match.local().getParent() instanceof CtTryWithResource t
                ? t : null;
        if (resourceOf != null && resourceOf.getResources().size() != 1) {
            return Plan.manual("try-with-resources closes the pool after its one use, beside other resources; take"
                    + " the pool out of the resources and share one instance by hand.");
        }
        if (resourceOf != null && clashesOutside(resourceOf)) {
            return Plan.manual("try-with-resources closes the pool after its one use, and taking the pool's local out"
                    + " of the try would clash with a later local of the same name; share one instance by hand.");
        }
        CtType<?> top = JavaTypes.topLevel(creation.getParent(CtType.class));
        if (!(top instanceof CtClass<?>) || top instanceof CtEnum<?>) {
            return Plan.manual("the file's top-level type is not a class that can hold the shared pool's field.");
        }
        String dependency = dependsOnTheCall(creation, top);
        boolean perParallelism = dependency != null
                && PoolPerParallelism.applies(creation, context.javaLevel(creation));
        if (dependency != null && !perParallelism) {
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
                if (tryStatement == resourceOf) {
                    return Plan.manual("the pool is both a resource of the try and ended in its finally; share one"
                            + " instance by hand.");
                }
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
        String field = StaticFields.freshName(top, perParallelism ? "POOLS" : "POOL");
        String shared = field;
        if (perParallelism) {
            PoolPerParallelism pools = PoolPerParallelism.declare(context, creation, poolType, field);
            if (pools == null) {
                return Plan.manual("a declaration in this file hides java.util.concurrent's maps; share one pool per"
                        + " parallelism by hand.");
            }
            edits.add(StaticFields.declare(context, file, top, pools.declaration()));
            edits.addAll(pools.imports());
            shared = pools.lookup();
        } else {
            edits.add(StaticFields.declare(context, file, top,
                    "private static final " + poolType + " " + field + " = " + context.text(creation) + ";"));
        }
        if (resourceOf != null) {
            edits.addAll(TryResource.takeOut(context, file, resourceOf, match.local(), creation, shared));
        } else {
            edits.add(TextEdit.replace(file.path(), creation.getPosition().getSourceStart(),
                    creation.getPosition().getSourceEnd() + 1, shared));
        }
        if (perParallelism) {
            return Plan.of(new Fix(finding.ruleId(), finding.fingerprint(), "Share one pool per parallelism: a static"
                    + " map " + field, Safety.REVIEW, "The pool's parallelism comes from the call (" + dependency + "),"
                    + " so one pool per distinct parallelism is created on first use, kept in " + field + " (a"
                    + " ConcurrentHashMap, so concurrent calls create each pool once) and shared by every later call"
                    + " that asks for the same parallelism"
                    + (match.endings().isEmpty() && resourceOf == null ? "" : "; the shutdown or close after each use"
                    + " is removed, since a shared pool must outlive every call")
                    + ". Its workers are daemon threads that time out when idle. REVIEW because every distinct"
                    + " parallelism keeps a pool for the life of the class (many distinct values, such as one per user"
                    + " request, keep many), and calls running at the same time share workers instead of each having"
                    + " their own" + (resourceOf == null ? "" : "; close() also waited for every task submitted to"
                    + " the pool, which a task the method submits without waiting for it no longer gets") + ".", edits));
        }
        return Plan.of(new Fix(finding.ruleId(), finding.fingerprint(), "Share one pool: a static field " + field,
                Safety.REVIEW, "The pool is created once, with the same arguments (so the same parallelism), when "
                        + top.getSimpleName() + " is initialized, and every call uses it"
                        + (match.endings().isEmpty() ? "" : "; the shutdown after each use is removed, since a shared"
                        + " pool must outlive every call")
                        + (resourceOf == null ? "" : "; the pool is no longer a resource of the try, since closing a"
                        + " shared pool would end it for every later call. close() also waited for every task submitted"
                        + " to the pool to finish: a task the method submits without waiting for it (execute, or submit"
                        + " without get/join) may now still run when the method returns")
                        + ". Its workers are daemon threads that time out when idle."
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

    /**
     * Whether the try's resource, or a local its body declares at its top level, shares its name with a local
     * declared elsewhere in the block around the try: the try's body may move out to that block.
     */
    private static boolean clashesOutside(CtTryWithResource tryStatement) {
        if (!(tryStatement.getParent() instanceof CtBlock<?> around)) {
            return false;
        }
        Set<String> moving = new HashSet<>();
        tryStatement.getResources().stream().filter(CtLocalVariable.class::isInstance)
                .forEach(r -> moving.add(((CtLocalVariable<?>) r).getSimpleName()));
        tryStatement.getBody().getStatements().stream().filter(CtLocalVariable.class::isInstance)
                .forEach(l -> moving.add(((CtLocalVariable<?>) l).getSimpleName()));
        for (CtStatement statement : around.getStatements()) {
            if (statement != tryStatement && statement.getElements(new TypeFilter<>(CtLocalVariable.class)).stream()
                    .anyMatch(l -> moving.contains(l.getSimpleName()))) {
                return true;
            }
        }
        return false;
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
        return TryResource.unwrap(context, file, tryStatement, "");
    }
}
