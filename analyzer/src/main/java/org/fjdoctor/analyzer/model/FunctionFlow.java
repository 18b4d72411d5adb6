package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * The functions a call on a value may run when its method has no body to follow ({@code runnable.run()},
 * {@code action.accept(x)}, a call on an interface of the project's own), found by following the value
 * back to where it was made:
 * <ul>
 * <li>through the parameters it was passed in, to every call site of the method, also through an
 * interface of the project's own that it implements (actr's {@code scheduler.schedule(() -> .., this)});</li>
 * <li>through a queue field it waited in: what is {@code add}ed or {@code offer}ed to the field the value
 * was {@code poll}ed from (the mailboxes of actor runtimes, caffeine's write buffer of {@code AddTask}s).</li>
 * </ul>
 * When the parameter's method is on the call path that reached the call, only the argument at that call
 * site counts (a shortest path: other callers' values are not followed, so what is found depends on which
 * caller the breadth-first walk met first). Following every caller instead was measured on the validation
 * set: eclipse-collections' scan went from 55 s to 170 s and javaparser's from 39 s to 100 s, for 4 more
 * labelled positives and 22 findings nobody had audited, as generic callbacks ({@code procedure.value(x)})
 * then reach everything passed to them anywhere. Behind a library interface such as {@code Runnable} a program has
 * too many lambdas to dispatch to all; the ones that flow to this call are few and exact. A private or final field is
 * followed to what its class stores in it ({@link AllocationSites#valuesStoredIn}); a field read on {@code this}
 * first to what setters called on the path's receiver stored in it ({@link ReceiverStores}). Not followed: a value
 * stored in another field, and the parameters of a method that implements a library method (an
 * anonymous {@code Consumer}'s {@code accept}: its callers are every {@code accept} in the program); a
 * trace that meets one of those, or a call's result, is incomplete ({@link Traced}).
 */
final class FunctionFlow {

    /** Parameters and queues followed back from one call, at most. */
    private static final int MAX_HOPS = 4;
    private static final Set<String> TAKES = Set.of("poll", "take", "remove", "peek", "element", "pollFirst",
            "pollLast", "removeFirst", "removeLast", "peekFirst", "peekLast", "pop");
    private static final Set<String> PUTS = Set.of("add", "offer", "put", "addLast", "offerLast", "addFirst",
            "offerFirst", "push", "putLast", "putFirst", "transfer", "tryTransfer");

    private final ModelElements elements;
    private final JavaTypes types;
    private final Declarations declarations;
    private final AllocationSites allocationSites;
    private final Lazy<Map<String, List<CtInvocation<?>>>> invocationsByName = Lazy.of("the index of calls by name", this::indexInvocationsByName);
    private final Lazy<Map<CtField<?>, List<CtExpression<?>>>> queued = Lazy.of("the index of queued functions", this::indexQueued);
    /** Methods whose every call site, and queue fields whose every put, was looked for: a focused model needs their files. */
    private final Set<String> searchedNames = new TreeSet<>();
    private final Map<CtExecutable<?>, List<CtAbstractInvocation<?>>> callSites = new IdentityHashMap<>();
    private final OriginIndex origins = new OriginIndex();
    private final ReceiverStores receiverStores;
    /** Receivers traced, and parameters traced for the function they hold: each walk asks again. */
    private final TraceMemo traces = new TraceMemo();
    private final TraceMemo passed = new TraceMemo();
    private final LibraryOverrides libraryOverrides = new LibraryOverrides();
    private final FunctionContainers containers;

    FunctionFlow(ModelElements elements, JavaTypes types, Declarations declarations, AllocationSites allocationSites) {
        this.elements = elements;
        this.types = types;
        this.declarations = declarations;
        this.allocationSites = allocationSites;
        this.receiverStores = new ReceiverStores(declarations);
        this.containers = new FunctionContainers(types);
    }

    /**
     * The bodies {@code call} runs on the value it is called on, reached through {@code reach} (the method
     * the call is in, and how that was reached), and whether every value it can hold was followed to where it
     * was made: only then are the bodies found all it may run.
     */
    Traced trace(CtInvocation<?> call, Reach reach) {
        return traces.traced(call, reach, walk -> collect(call.getTarget(), walk.root(), call.getExecutable().getSimpleName(),
                call.getArguments().size(), walk, 0));
    }

    /**
     * The bodies a receiver was followed to, whether every value it can hold was followed to its origin, and whether
     * the trace asked its call path which call bound a parameter or made the call on an object: else it takes the same
     * steps on every path, and its answer holds for the whole model. {@code keyed}: some value was looked up by a key
     * in a container of functions ({@code handlers.get(type)}), where the key at run time picks one of them.
     */
    record Traced(List<CtExecutable<?>> functions, boolean complete, boolean readsPath, boolean keyed) {
    }

    /**
     * The bodies of the function a value holds when it is handed on to a call that runs it right here
     * ({@code items.stream().forEach(action)}, {@code list.forEach(action)}): for a parameter, the lambdas, method
     * references and classes the callers pass for it; for a local, a field or an object made in place, the
     * method of the named or anonymous class it was made as ({@code forEach(evaluator)} over {@code
     * evaluator = new Evaluator(..)} runs {@code Evaluator.accept}) and the method references stored in it.
     * Lambdas written in the walked method itself are left out: they are scanned in place. Empty when there
     * are more than {@code limit}.
     */
    List<CtExecutable<?>> functionsPassed(CtExpression<?> argument, Reach reach, int limit) {
        boolean parameter = argument instanceof CtVariableRead<?> read && read.getVariable() instanceof CtParameterReference<?>;
        if (!parameter && !(argument instanceof CtVariableRead<?>)
                && !(argument instanceof CtConstructorCall<?> && !(argument instanceof CtNewClass<?>))) {
            return List.of();
        }
        CtMethod<?> single = singleAbstractMethod(parameter ? argument.getType() : parameterType(argument));
        if (single == null) {
            return List.of();
        }
        List<CtExecutable<?>> found = passed.traced(argument, reach,
                walk -> collect(argument, walk.root(), single.getSimpleName(), single.getParameters().size(), walk, 0))
                .functions();
        if (!parameter) {
            found = found.stream().filter(body -> !(body instanceof CtLambda<?> lambda)
                    || !inside(lambda, reach.executable())).toList();
        }
        return found.size() > limit ? List.of() : found;
    }

    /** The declared type of the parameter {@code argument} is passed for: {@code Consumer} of {@code forEach}. */
    private static CtTypeReference<?> parameterType(CtExpression<?> argument) {
        if (!argument.isParentInitialized() || !(argument.getParent() instanceof CtInvocation<?> call)
                || call.getExecutable() == null) {
            return null;
        }
        int index = -1;
        for (int i = 0; i < call.getArguments().size(); i++) {
            if (call.getArguments().get(i) == argument) {
                index = i;
            }
        }
        List<CtTypeReference<?>> parameters = call.getExecutable().getParameters();
        return index < 0 || index >= parameters.size() ? null : parameters.get(index);
    }

    /** Whether {@code element} is written inside {@code executable} (its lambdas' bodies included). */
    private static boolean inside(CtElement element, CtExecutable<?> executable) {
        for (CtElement e = element; e != null && e.isParentInitialized(); e = e.getParent()) {
            if (e == executable) {
                return true;
            }
        }
        return false;
    }

    /** The one abstract method of a functional interface type ({@code Consumer.accept}), or {@code null}. */
    static CtMethod<?> singleAbstractMethod(CtTypeReference<?> type) {
        CtType<?> declared = type == null ? null : HalfResolved.typeDeclaration(type);
        if (declared == null || !declared.isInterface()) {
            return null;
        }
        CtMethod<?> single = null;
        for (CtMethod<?> method : declared.getAllMethods()) {
            if (method.isAbstract() && !method.isDefaultMethod() && !method.isStatic()
                    && !OBJECT_METHODS.contains(method.getSimpleName())) {
                if (single != null && !single.getSimpleName().equals(method.getSimpleName())) {
                    return null;
                }
                single = method;
            }
        }
        return single;
    }

    private static final Set<String> OBJECT_METHODS = Set.of("equals", "hashCode", "toString");

    /**
     * Follows {@code value} back to where it was made; {@code context} numbers the call path it was reached on
     * in {@code walk} ({@link TraceMemo.Walk#bind}), or is {@link TraceMemo#NO_CONTEXT}.
     */
    private void collect(CtExpression<?> value, int context, String name, int arity, TraceMemo.Walk walk, int hops) {
        if (value == null || hops > MAX_HOPS) {
            walk.complete = false;
            return;
        }
        if (!walk.seen.add(value)) {
            return;
        }
        for (ValueOrigins.Origin origin : origins.of(value)) {
            CtExpression<?> made = origin.expression();
            if (origin.through() != null) {
                CtParameter<?> array = origin.through() instanceof CtForEach ? arrayParameter(made) : null;
                if (array != null) {
                    // An element of a varargs or array parameter: the arguments each caller passes for it.
                    CtExecutable<?> owner = (CtExecutable<?>) array.getParent();
                    passedFor(owner, owner.getParameters().indexOf(array), true, context, name, arity, walk, hops + 1);
                } else if (!followedInto(made, name, arity, walk, hops)) {
                    walk.complete = false; // an element of a collection a loop walks, made elsewhere
                }
                continue;
            }
            if (made instanceof CtConditional<?> choice) {
                collect(choice.getThenExpression(), context, name, arity, walk, hops);
                collect(choice.getElseExpression(), context, name, arity, walk, hops);
                continue;
            }
            CtExecutable<?> body = declarations.functionBody(made, name, arity);
            if (body != null) {
                // By identity: Spoon's equals() is structural, and two `() -> {}` in different places differ.
                if (walk.found.stream().noneMatch(known -> known == body)) {
                    walk.found.add(body);
                }
            } else if (made instanceof CtVariableRead<?> read && read.getVariable() instanceof CtParameterReference<?> p
                    && p.getDeclaration() != null) {
                CtParameter<?> parameter = p.getDeclaration();
                CtExecutable<?> owner = parameter.isParentInitialized() ? parameter.getParent(CtExecutable.class) : null;
                ValueOrigins.Origin walked = owner instanceof CtLambda<?> ? ElementSources.of(made) : null;
                CtParameter<?> array = walked == null ? null : arrayParameter(walked.expression());
                if (array != null) {
                    // A stream step's lambda over Arrays.stream(systems): the elements callers pass for systems.
                    CtExecutable<?> declaring = (CtExecutable<?>) array.getParent();
                    passedFor(declaring, declaring.getParameters().indexOf(array), true, context, name, arity, walk,
                            hops + 1);
                } else if (walked != null && followedInto(walked.expression(), name, arity, walk, hops)) {
                    continue; // handlers.forEach(h -> h.run()): what the container holds
                } else if (owner != null && owner == parameter.getParent() && !parameter.isVarArgs()) {
                    passedFor(owner, owner.getParameters().indexOf(parameter), false, context, name, arity, walk, hops + 1);
                } else {
                    walk.complete = false;
                }
            } else if (made instanceof CtInvocation<?> take && take.getArguments().isEmpty()
                    && TAKES.contains(take.getExecutable().getSimpleName())
                    && take.getTarget() instanceof CtFieldRead<?> queue && queue.getVariable().getFieldDeclaration() != null) {
                searchedNames.add(queue.getVariable().getSimpleName());
                List<CtExpression<?>> puts = queued().getOrDefault(queue.getVariable().getFieldDeclaration(), List.of());
                walk.complete &= !puts.isEmpty();
                for (CtExpression<?> put : puts) {
                    collect(put, TraceMemo.NO_CONTEXT, name, arity, walk, hops + 1);
                }
            } else if (containers.lookedUpIn(made) != null
                    && followedInto(containers.lookedUpIn(made), name, arity, walk, hops)) {
                // HANDLERS.get(key): what the map holds, and a getOrDefault's fallback; the key picks one
                walk.keyed = true;
                CtExpression<?> fallback = containers.fallbackOf(made);
                if (fallback != null) {
                    collect(fallback, context, name, arity, walk, hops);
                }
            } else if (followedOnObject(made, context, name, arity, walk, hops)) {
                continue; // a field of the object the path called: what the caller's setters stored in it
            } else if (made instanceof CtFieldRead<?> && allocationSites.valuesStoredIn(made) != null) {
                // A private or final field: what its initializer and every assignment in its class store.
                for (CtExpression<?> stored : allocationSites.valuesStoredIn(made)) {
                    collect(stored, TraceMemo.NO_CONTEXT, name, arity, walk, hops + 1);
                }
            } else if (!(made instanceof CtLiteral<?> literal && literal.getValue() == null)) {
                walk.complete = false; // a call's result, a public field, an array element: made elsewhere
            }
        }
    }

    /**
     * Follows the values a container of functions holds ({@link FunctionContainers}), {@code container} being a read
     * of a local or field of a map or collection type; {@code false}, following nothing, for any other expression.
     */
    private boolean followedInto(CtExpression<?> container, String name, int arity, TraceMemo.Walk walk, int hops) {
        FunctionContainers.Contents contents = containers.of(container);
        if (contents == null) {
            return false;
        }
        if (container instanceof CtFieldRead<?> field) {
            searchedNames.add(field.getVariable().getSimpleName()); // its puts: a focused model needs their files
        }
        walk.complete &= contents.complete();
        for (CtExpression<?> value : contents.values()) {
            collect(value, TraceMemo.NO_CONTEXT, name, arity, walk, hops + 1);
        }
        return true;
    }

    /**
     * Follows a field read on {@code this} to what setters stored in the field on the object the call path
     * called ({@link ReceiverStores}); {@code false}, following nothing, when the path says nothing of it.
     */
    private boolean followedOnObject(CtExpression<?> read, int context, String name, int arity, TraceMemo.Walk walk,
                                     int hops) {
        CtField<?> field = ReceiverStores.fieldOfThis(read);
        if (field == null || context == TraceMemo.NO_CONTEXT) {
            return false;
        }
        int caller = walk.bind(context, ReceiverStores::objectCall);
        List<CtExpression<?>> stored = caller == TraceMemo.UNBOUND ? List.of()
                : receiverStores.storedBefore(walk.step(caller), field);
        for (CtExpression<?> value : stored) {
            collect(value, caller, name, arity, walk, hops + 1);
        }
        return !stored.isEmpty();
    }

    /**
     * What was passed for parameter {@code index} of {@code owner} (its {@code elements}, for an array or varargs
     * parameter a loop walks): at the call site on the path when there is one, else at every call site.
     */
    private void passedFor(CtExecutable<?> owner, int index, boolean elements, int context, String name, int arity,
                           TraceMemo.Walk walk, int hops) {
        int caller = walk.bind(context, path -> boundAt(path, owner));
        if (caller != TraceMemo.UNBOUND) {
            CtAbstractInvocation<?> site = (CtAbstractInvocation<?>) walk.step(caller).callSite();
            collectPassed(site, index, elements, caller, name, arity, walk, hops);
            return;
        }
        List<CtAbstractInvocation<?>> sites = callSites(owner);
        // No call site in the scanned code: the method is called from outside it (an API), with anything.
        walk.complete &= !sites.isEmpty();
        for (CtAbstractInvocation<?> site : sites) {
            collectPassed(site, index, elements, TraceMemo.NO_CONTEXT, name, arity, walk, hops);
        }
    }

    /**
     * Follows the argument {@code site} passes for parameter {@code index}, or, for {@code elements}, the
     * arguments from there on (a varargs call) or the elements of the array written there ({@code new R[] {..}});
     * an array made elsewhere is not followed.
     */
    private void collectPassed(CtAbstractInvocation<?> site, int index, boolean elements, int context, String name,
                               int arity, TraceMemo.Walk walk, int hops) {
        List<CtExpression<?>> arguments = site.getArguments();
        if (!elements) {
            collect(arguments.get(index), context, name, arity, walk, hops);
        } else if (arguments.size() == index + 1 && arguments.get(index) instanceof CtNewArray<?> array) {
            array.getElements().forEach(element -> collect(element, context, name, arity, walk, hops));
        } else if (arguments.size() == index + 1 && arguments.get(index).getType() != null
                && arguments.get(index).getType().isArray()) {
            walk.complete = false;
        } else {
            arguments.stream().skip(index).forEach(argument -> collect(argument, context, name, arity, walk, hops));
        }
    }

    /** The varargs or array parameter a for-each loop walks, read straight from the method that declares it. */
    private static CtParameter<?> arrayParameter(CtExpression<?> walked) {
        if (!(walked instanceof CtVariableRead<?> read) || !(read.getVariable() instanceof CtParameterReference<?> p)
                || p.getDeclaration() == null) {
            return null;
        }
        CtParameter<?> parameter = p.getDeclaration();
        boolean array = parameter.isVarArgs() || parameter.getType() != null && parameter.getType().isArray();
        return array && parameter.isParentInitialized() && parameter.getParent() instanceof CtExecutable<?>
                && !(parameter.getParent() instanceof CtLambda<?>) ? parameter : null;
    }

    /**
     * The call of {@code owner} on the call path {@code context} where it was entered from that call, or
     * {@code null}: only then does the path say what its parameters hold.
     */
    static Reach boundAt(Reach context, CtExecutable<?> owner) {
        for (Reach r = context; r != null; r = r.caller()) {
            if (r.executable() == owner) {
                // Only a call of owner itself binds its parameters (not the `new Consumer<>() {..}` that
                // made an anonymous class whose method is owner).
                return r.callSite() instanceof CtAbstractInvocation<?> site && calls(site, owner) ? r : null;
            }
        }
        return null;
    }

    /** Whether {@code site} is a call of {@code owner}'s name and arity (directly or dispatched to it). */
    private static boolean calls(CtAbstractInvocation<?> site, CtExecutable<?> owner) {
        if (site.getArguments().size() != owner.getParameters().size()) {
            return false;
        }
        return owner instanceof CtConstructor<?> ? site instanceof CtConstructorCall<?> && !(site instanceof CtNewClass<?>)
                : site instanceof CtInvocation<?> && site.getExecutable().getSimpleName().equals(owner.getSimpleName());
    }

    Set<String> searchedNames() {
        return searchedNames;
    }

    /**
     * The calls that may run {@code owner}: its constructor calls, or calls of it or of a method of the
     * project's own that it implements; none for a lambda or for a method that implements a library method.
     */
    private List<CtAbstractInvocation<?>> callSites(CtExecutable<?> owner) {
        List<CtAbstractInvocation<?>> cached = callSites.get(owner);
        if (cached == null) {
            cached = findCallSites(owner);
            callSites.put(owner, cached);
        }
        return cached;
    }

    private List<CtAbstractInvocation<?>> findCallSites(CtExecutable<?> owner) {
        List<CtAbstractInvocation<?>> sites = new ArrayList<>();
        int arity = owner.getParameters().size();
        if (owner instanceof CtConstructor<?> && owner.getParent(CtType.class) != null) {
            searchedNames.add(owner.getParent(CtType.class).getSimpleName());
            for (CtConstructorCall<?> construction : elements.constructorCalls) {
                if (construction.getArguments().size() == arity
                        && declarations.executable(construction.getExecutable()) == owner) {
                    sites.add(construction);
                }
            }
            return sites;
        }
        if (!(owner instanceof CtMethod<?> method) || method.getDeclaringType() == null || libraryOverrides.overridesLibrary(method)) {
            return sites;
        }
        searchedNames.add(method.getSimpleName());
        boolean virtual = !method.hasModifier(ModifierKind.STATIC) && !method.hasModifier(ModifierKind.PRIVATE);
        CtTypeReference<?> declaring = method.getDeclaringType().getReference();
        boolean varargs = arity > 0 && method.getParameters().get(arity - 1).isVarArgs();
        for (CtInvocation<?> call : invocationsByName().getOrDefault(method.getSimpleName(), List.of())) {
            if (call.getArguments().size() != arity && !(varargs && call.getArguments().size() >= arity - 1)) {
                continue;
            }
            CtTypeReference<?> receiver = MethodMatcher.receiverType(call);
            if (declarations.executable(call.getExecutable()) == method || virtual && receiver != null
                    && declarations.isSource(receiver) && types.isSubtypeOf(declaring, receiver.getQualifiedName())) {
                sites.add(call);
            }
        }
        return sites;
    }

    private Map<String, List<CtInvocation<?>>> invocationsByName() {
        return invocationsByName.get();
    }

    private Map<String, List<CtInvocation<?>>> indexInvocationsByName() {
        Map<String, List<CtInvocation<?>>> invocationsByName = new HashMap<>();
        for (CtInvocation<?> call : elements.invocations) {
            invocationsByName.computeIfAbsent(call.getExecutable().getSimpleName(), k -> new ArrayList<>()).add(call);
        }
        return invocationsByName;
    }

    /** For each field, the values put into the queue it holds ({@code queue.add(x)}, {@code buffer.offer(x)}). */
    private Map<CtField<?>, List<CtExpression<?>>> queued() {
        return queued.get();
    }

    private Map<CtField<?>, List<CtExpression<?>>> indexQueued() {
        Map<CtField<?>, List<CtExpression<?>>> queued = new IdentityHashMap<>();
        for (CtInvocation<?> call : elements.invocations) {
            if (call.getArguments().size() == 1 && PUTS.contains(call.getExecutable().getSimpleName())
                    && call.getTarget() instanceof CtFieldRead<?> queue
                    && queue.getVariable().getFieldDeclaration() != null) {
                queued.computeIfAbsent(queue.getVariable().getFieldDeclaration(), k -> new ArrayList<>())
                        .add(call.getArguments().get(0));
            }
        }
        return queued;
    }
}
