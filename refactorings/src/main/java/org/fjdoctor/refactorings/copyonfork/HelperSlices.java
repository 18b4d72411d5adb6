package org.fjdoctor.refactorings.copyonfork;

import java.util.List;
import java.util.function.Function;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.refactorings.copyonfork.ArraySlices.Bound;
import org.fjdoctor.refactorings.copyonfork.ArraySlices.BoundKind;
import org.fjdoctor.refactorings.copyonfork.ArraySlices.Site;
import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * A subtask argument made by a project helper, {@code new Task(Slices.suffix(data, mid))}, whose whole body
 * returns a slice copy of one parameter: {@code return Arrays.copyOfRange(values, from, values.length);},
 * {@code return new ArrayList<>(items.subList(a, b));} (or {@code List.copyOf}/{@code ImmutableList.copyOf} of
 * one), or {@code T[] out = new T[n]; System.arraycopy(values, 0, out, 0, n); return out;}. The call gets the
 * task's field for that parameter; each bound of the helper's slice is 0, the parameter's length, or another
 * parameter, whose argument at the call is read like a bound written in the task. The helper itself stays:
 * other code may call it.
 */
final class HelperSlices {

    private final ArraySlices arrays;
    private final ListSlices lists;

    HelperSlices(ArraySlices arrays, ListSlices lists) {
        this.arrays = arrays;
        this.lists = lists;
    }

    Site siteOf(CtConstructorCall<?> construction, int index) {
        CtExpression<?> argument = construction.getArguments().get(index);
        if (argument instanceof CtInvocation<?> call) {
            return site(construction, index, argument, call, List.of());
        }
        if (argument instanceof CtVariableRead<?> read && read.getVariable() instanceof CtLocalVariableReference<?> ref
                && ref.getDeclaration() != null && ref.getDeclaration().getDefaultExpression() instanceof CtInvocation<?> call) {
            CtLocalVariable<?> local = ref.getDeclaration();
            CtExecutable<?> method = construction.getParent(CtExecutable.class);
            if (local.getParent(CtExecutable.class) == method && local.getParent() instanceof CtBlock<?>
                    && ArraySlices.writes(method, local).isEmpty() && ArraySlices.reads(method, local).size() == 1) {
                return site(construction, index, argument, call, List.of(local));
            }
        }
        return null;
    }

    private Site site(CtConstructorCall<?> construction, int index, CtExpression<?> argument, CtInvocation<?> call,
                      List<CtStatement> deleted) {
        if (!(HalfResolved.executableDeclaration(call.getExecutable()) instanceof CtMethod<?> helper) || helper.getBody() == null
                || !(helper.hasModifier(ModifierKind.STATIC) || helper.hasModifier(ModifierKind.PRIVATE)
                || helper.hasModifier(ModifierKind.FINAL)) || helper.getParameters().size() != call.getArguments().size()
                || helper.getParameters().stream().anyMatch(CtParameter::isVarArgs)) {
            return null;
        }
        List<CtStatement> body = helper.getBody().getStatements();
        if (body.isEmpty() || !(body.get(body.size() - 1) instanceof CtReturn<?> ret) || ret.getReturnedExpression() == null) {
            return null;
        }
        HelperCall at = new HelperCall(helper, call);
        if (body.size() == 1) {
            return direct(at, construction, index, argument, ret.getReturnedExpression(), deleted);
        }
        if (body.size() == 3 && body.get(0) instanceof CtLocalVariable<?> out && body.get(1) instanceof CtInvocation<?> copy
                && ArraySlices.isRead(ret.getReturnedExpression(), out)) {
            return arraycopied(at, construction, index, argument, out, copy, deleted);
        }
        return null;
    }

    /** {@code return Arrays.copyOfRange(p, a, b)}, {@code copyOf(p, n)}, {@code p.clone()} or a copy of {@code p.subList(a, b)}. */
    private Site direct(HelperCall at, CtConstructorCall<?> construction, int index, CtExpression<?> argument,
                        CtExpression<?> returned, List<CtStatement> deleted) {
        CtExpression<?> copied = returned;
        if (returned instanceof CtConstructorCall<?> copy && copy.getArguments().size() == 1 && lists.isList(copy.getType())) {
            copied = copy.getArguments().get(0);
        } else if (returned instanceof CtInvocation<?> copy && copy.getExecutable().getSimpleName().equals("copyOf")
                && copy.getArguments().size() == 1
                && (ownedBy(copy, "java.util.List") || ownedBy(copy, "com.google.common.collect.ImmutableList"))) {
            copied = copy.getArguments().get(0);
        }
        if (copied != returned && copied instanceof CtInvocation<?> subList && subList.getExecutable().getSimpleName().equals("subList")
                && subList.getArguments().size() == 2) {
            CtFieldRead<?> source = at.field(subList.getTarget(), lists::fieldRead);
            return source == null ? null : site(at, construction, index, argument, source, subList.getArguments().get(0),
                    subList.getArguments().get(1), deleted);
        }
        if (!(returned instanceof CtInvocation<?> copy)) {
            return null;
        }
        List<CtExpression<?>> args = copy.getArguments();
        String name = copy.getExecutable().getSimpleName();
        if (ownedBy(copy, "java.util.Arrays") && name.equals("copyOfRange") && args.size() == 3) {
            CtFieldRead<?> source = at.field(args.get(0), arrays::fieldRead);
            return source == null ? null : site(at, construction, index, argument, source, args.get(1), args.get(2), deleted);
        }
        if (ownedBy(copy, "java.util.Arrays") && name.equals("copyOf") && args.size() == 2) {
            CtFieldRead<?> source = at.field(args.get(0), arrays::fieldRead);
            return source == null ? null : site(at, construction, index, argument, source, null, args.get(1), deleted);
        }
        return null;
    }

    /** {@code T[] out = new T[n]; System.arraycopy(p, s, out, 0, n or out.length); return out;}. */
    private Site arraycopied(HelperCall at, CtConstructorCall<?> construction, int index, CtExpression<?> argument,
                             CtLocalVariable<?> out, CtInvocation<?> copy, List<CtStatement> deleted) {
        List<CtExpression<?>> args = copy.getArguments();
        if (!(out.getDefaultExpression() instanceof CtNewArray<?> fresh) || fresh.getDimensionExpressions().size() != 1
                || !fresh.getElements().isEmpty() || !Apis.ARRAYCOPY.matchesExactly(copy)
                || !ArraySlices.isRead(args.get(2), out) || !ArraySlices.isLiteral(args.get(3), 0)) {
            return null;
        }
        CtExpression<?> size = fresh.getDimensionExpressions().get(0);
        if (!(ArraySlices.isLengthOf(args.get(4), out) || args.get(4).toString().equals(size.toString()))) {
            return null;
        }
        CtFieldRead<?> source = at.field(args.get(0), arrays::fieldRead);
        if (source == null || !ArraySlices.isLiteral(args.get(1), 0)) {
            // Only prefixes: a start other than 0 would make the end start + size, which the bounds cannot say.
            return null;
        }
        return site(at, construction, index, argument, source, null, size, deleted);
    }

    private static Site site(HelperCall at, CtConstructorCall<?> construction, int index, CtExpression<?> argument,
                             CtFieldRead<?> source, CtExpression<?> start, CtExpression<?> end, List<CtStatement> deleted) {
        Bound from = start == null ? Bound.of(BoundKind.ZERO) : at.bound(start, source);
        Bound to = at.bound(end, source);
        return from == null || to == null ? null
                : new Site(construction, index, argument, at.call(), source, from, to, deleted, false, null);
    }

    private static boolean ownedBy(CtInvocation<?> call, String owner) {
        return call.getExecutable().getDeclaringType() != null
                && call.getExecutable().getDeclaringType().getQualifiedName().equals(owner);
    }

    /** The helper's parameters matched to the call's arguments. */
    private record HelperCall(CtMethod<?> helper, CtInvocation<?> call) {

        /** The call's argument for {@code parameterRead}, when it is a field of the task {@code fieldRead} accepts. */
        CtFieldRead<?> field(CtExpression<?> parameterRead, Function<CtExpression<?>, CtFieldRead<?>> fieldRead) {
            CtExpression<?> argument = argumentFor(parameterRead);
            return argument == null ? null : fieldRead.apply(argument);
        }

        /** 0, the copied parameter's length or size, or another parameter read like a bound written at the call. */
        Bound bound(CtExpression<?> expression, CtFieldRead<?> source) {
            if (ArraySlices.isLiteral(expression, 0)) {
                return Bound.of(BoundKind.ZERO);
            }
            CtExpression<?> length = lengthTarget(expression);
            if (length != null && argumentFor(length) instanceof CtFieldRead<?> read
                    && read.getVariable().getFieldDeclaration() == source.getVariable().getFieldDeclaration()) {
                return Bound.of(BoundKind.LENGTH);
            }
            CtExpression<?> argument = argumentFor(expression);
            if (argument == null) {
                return null;
            }
            Bound bound = ArraySlices.bound(argument, source);
            // A bound the task would write as "from + expression" needs the call's own text; keep it simple.
            return bound.kind() == BoundKind.OTHER ? null : bound;
        }

        private static CtExpression<?> lengthTarget(CtExpression<?> expression) {
            if (expression instanceof CtFieldRead<?> length && length.getVariable().getSimpleName().equals("length")) {
                return length.getTarget();
            }
            if (expression instanceof CtInvocation<?> size && size.getExecutable().getSimpleName().equals("size")
                    && size.getArguments().isEmpty()) {
                return size.getTarget();
            }
            return null;
        }

        /** The call's argument for a plain read of one of the helper's unmodified parameters. */
        private CtExpression<?> argumentFor(CtExpression<?> expression) {
            if (!(expression instanceof CtVariableRead<?> read) || !(read.getVariable() instanceof CtParameterReference<?> ref)
                    || !expression.getTypeCasts().isEmpty()) {
                return null;
            }
            for (int i = 0; i < helper.getParameters().size(); i++) {
                CtParameter<?> parameter = helper.getParameters().get(i);
                if (ref.getDeclaration() == parameter && !assigned(parameter)) {
                    return call.getArguments().get(i);
                }
            }
            return null;
        }

        private boolean assigned(CtParameter<?> parameter) {
            return helper.getBody().getElements(new TypeFilter<>(CtVariableWrite.class)).stream().anyMatch(w -> w.getVariable() instanceof CtParameterReference<?> p && p.getDeclaration() == parameter);
        }
    }
}
