package org.fjdoctor.refactorings.intratasksync;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.source.SourceFile;

import spoon.reflect.CtModel;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Proof that a monitor is private to one synchronized block: the object is a fresh {@code new Object()}
 * that only ever flows through one final field (or one local), and every read of that variable is either
 * the block's monitor expression or a hand-over of the same object to another instance's field. Then no
 * other code can lock it, wait on it or notify it, and the block only excludes other runs of itself.
 */
final class PrivateLock {

    /** What the model shows about the lock. */
    enum Verdict {
        /** Provably locked nowhere else. */
        PRIVATE,
        /** Other code may lock, wait on or notify the same object. */
        SHARED,
        /** Private in the code the model holds, but bodies left out of a focused model mention it. */
        UNSEEN
    }

    private final ForkJoinModel fjModel;
    private final CtModel model;
    private final CtElement monitor;
    /** Constructor parameter positions that carry the lock into the field. */
    private final List<Integer> lockIndex = new ArrayList<>();
    private final Set<CtElement> handOvers = Collections.newSetFromMap(new IdentityHashMap<>());

    private PrivateLock(ForkJoinModel fjModel, CtElement monitor) {
        this.fjModel = fjModel;
        this.model = fjModel.spoon();
        this.monitor = monitor;
    }

    /** Whether the object {@code monitor} evaluates to is provably locked nowhere else. */
    static Verdict of(ForkJoinModel model, CtExpression<?> monitor) {
        PrivateLock lock = new PrivateLock(model, monitor);
        if (!lock.check(monitor)) {
            return Verdict.SHARED;
        }
        if (monitor instanceof CtFieldRead<?> read) {
            CtField<?> field = read.getVariable().getFieldDeclaration();
            return lock.hiddenCodeMentions(field) ? Verdict.UNSEEN : Verdict.PRIVATE;
        }
        return Verdict.PRIVATE;
    }

    /**
     * A focused model blanks the bodies of methods task code cannot reach (offsets kept), typically a
     * main that builds the root task. Such a body may construct the class or read the field, so its
     * original text is checked lexically: the field's name must not occur, and every
     * {@code new Class(..)} must pass {@code new Object()} for the lock. Files outside the model do
     * not name the class (they would have been pulled in) and the field is private, so they cannot
     * reach the lock.
     */
    private boolean hiddenCodeMentions(CtField<?> field) {
        String fieldName = field.getSimpleName();
        String className = field.getDeclaringType().getSimpleName();
        Pattern name = Pattern.compile("\\b" + Pattern.quote(fieldName) + "\\b");
        Pattern construction = Pattern.compile("\\bnew\\s+" + Pattern.quote(className) + "\\s*(<[^()]*>)?\\s*\\(");
        for (CtExecutable<?> executable : model.getElements(new TypeFilter<CtExecutable<?>>(CtExecutable.class))) {
            CtBlock<?> body = executable.getBody();
            SourceFile file = body == null || !body.getPosition().isValidPosition() ? null : fjModel.fileOf(body);
            if (file == null || !body.getStatements().isEmpty()) {
                continue;
            }
            String text = file.text().substring(body.getPosition().getSourceStart(), body.getPosition().getSourceEnd() + 1);
            if (name.matcher(text).find() || text.contains(className + "::new")) {
                return true;
            }
            Matcher call = construction.matcher(text);
            while (call.find()) {
                List<String> arguments = arguments(text, call.end());
                if (lockIndex.isEmpty() || arguments == null) {
                    return true;
                }
                for (int index : lockIndex) {
                    if (arguments.size() > index && !arguments.get(index).replaceAll("\\s+", "").equals("newObject()")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The top-level comma-separated arguments after an opening parenthesis, or null if unbalanced. */
    private static List<String> arguments(String text, int from) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = from;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
                depth--;
            } else if (c == ')' || (c == ',' && depth == 0)) {
                out.add(text.substring(start, i).strip());
                start = i + 1;
                if (c == ')') {
                    return out;
                }
            }
        }
        return null;
    }

    private boolean check(CtExpression<?> expression) {
        if (expression instanceof CtFieldRead<?> read) {
            CtField<?> field = read.getVariable().getFieldDeclaration();
            boolean ownTarget = read.getTarget() == null || read.getTarget() instanceof CtThisAccess<?>
                    || read.getTarget().isImplicit();
            return field != null && ownTarget && field.hasModifier(ModifierKind.FINAL)
                    && field.hasModifier(ModifierKind.PRIVATE) && fieldOrigins(field)
                    && onlyReadHere(model.getElements(new TypeFilter<>(CtFieldRead.class)), field);
        }
        if (expression instanceof CtVariableRead<?> read) {
            CtVariable<?> variable = read.getVariable().getDeclaration();
            CtExecutable<?> scope = expression.getParent(CtExecutable.class);
            return variable instanceof CtLocalVariable<?> local && scope != null && isFresh(local.getDefaultExpression())
                    && scope.getElements(new TypeFilter<>(CtVariableWrite.class)).stream()
                    .noneMatch(w -> w.getVariable().getDeclaration() == local)
                    && onlyReadHere(scope.getElements(new TypeFilter<>(CtVariableRead.class)), local);
        }
        return false;
    }

    /** Every value stored in the field is a fresh object or the same field of another instance. */
    private boolean fieldOrigins(CtField<?> field) {
        if (field.getDefaultExpression() != null) {
            return isFresh(field.getDefaultExpression());
        }
        List<CtFieldWrite<?>> writes = model.getElements(new TypeFilter<>(CtFieldWrite.class));
        for (CtFieldWrite<?> write : writes) {
            if (write.getVariable().getFieldDeclaration() != field) {
                continue;
            }
            if (!(write.getParent() instanceof CtAssignment<?, ?> assignment)
                    || !(write.getParent(CtExecutable.class) instanceof CtConstructor<?> constructor)) {
                return false;
            }
            CtExpression<?> value = assignment.getAssignment();
            if (isFresh(value)) {
                continue;
            }
            if (!(value instanceof CtVariableRead<?> read) || !(read.getVariable().getDeclaration() instanceof CtParameter<?> p)
                    || !constructor.getParameters().contains(p) || !parameterOnlyStored(constructor, p, value)
                    || !callersPassFreshOrSame(constructor, constructor.getParameters().indexOf(p), field)) {
                return false;
            }
            lockIndex.add(constructor.getParameters().indexOf(p));
        }
        return true;
    }

    /** The parameter is used once: stored into the field (so no other variable aliases it). */
    private static boolean parameterOnlyStored(CtConstructor<?> constructor, CtParameter<?> parameter, CtElement store) {
        return constructor.getElements(new TypeFilter<>(CtVariableAccess.class)).stream()
                .filter(a -> a.getVariable().getDeclaration() == parameter)
                .allMatch(a -> a == store);
    }

    private boolean callersPassFreshOrSame(CtConstructor<?> constructor, int index, CtField<?> field) {
        List<CtAbstractInvocation<?>> calls = model.getElements(new TypeFilter<>(CtAbstractInvocation.class));
        String owner = constructor.getDeclaringType().getQualifiedName();
        int arity = constructor.getParameters().size();
        for (CtAbstractInvocation<?> call : calls) {
            // Matched by owner and arity, not by resolution: an unresolved call must not slip past the check.
            if (!call.getExecutable().isConstructor() || call.getExecutable().getDeclaringType() == null
                    || !call.getExecutable().getDeclaringType().getQualifiedName().equals(owner)
                    || call.getArguments().size() != arity) {
                continue;
            }
            CtExpression<?> argument = call.getArguments().size() > index ? call.getArguments().get(index) : null;
            if (argument == null) {
                return false;
            }
            if (argument instanceof CtFieldRead<?> read && read.getVariable().getFieldDeclaration() == field) {
                handOvers.add(argument);
            } else if (!isFresh(argument)) {
                return false;
            }
        }
        return true;
    }

    private boolean onlyReadHere(List<?> reads, CtVariable<?> variable) {
        for (Object element : reads) {
            CtVariableAccess<?> read = (CtVariableAccess<?>) element;
            if (read.getVariable().getDeclaration() == variable && read != monitor && !handOvers.contains(read)) {
                return false;
            }
        }
        return true;
    }

    /** {@code new Object()}: no class of its own, so no synchronized methods and nobody else holds it. */
    private static boolean isFresh(CtExpression<?> expression) {
        return expression instanceof CtConstructorCall<?> call && !(call instanceof CtNewClass<?>)
                && call.getArguments().isEmpty() && call.getType() != null
                && call.getType().getQualifiedName().equals("java.lang.Object");
    }
}
