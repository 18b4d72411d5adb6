package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtSuperAccess;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtFieldReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtVariableReference;
import spoon.reflect.visitor.CtScanner;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Whether a lock that task code takes can be taken by another task at the same time: only then can it
 * stall a worker. A lock is private to one task when it is the monitor of the task object itself (and no
 * other code locks that task), an object this call or this task creates and hands to no one, or what every
 * task-code caller passes in when that is private too. Everything else counts as shared, and the answer
 * says what it is (a static field, the class object, a field set from a constructor parameter, ...) so that a
 * reviewer can check it. The judgement follows values back a few calls at most; past that, shared.
 */
public final class LockSharing {

    /**
     * @param shared      whether tasks running at the same time may take the same lock
     * @param description what the lock object is and where it comes from, for the report
     */
    public record Sharing(boolean shared, String description) {

        static Sharing shared(String description) {
            return new Sharing(true, description);
        }

        static Sharing own(String description) {
            return new Sharing(false, description);
        }
    }

    private static final int MAX_HOPS = 4;

    private final ForkJoinModel model;
    private final ModelElements elements;
    /** Task-code call sites of each executable, with the executable that makes the call. */
    private Map<CtExecutable<?>, List<CallSite>> callers;
    /** Field accesses of the whole model by "declaring type#name". */
    private Map<String, List<CtFieldAccess<?>>> fieldAccesses;
    private List<CtSynchronized> synchronizedBlocks;
    private ThreadConfinement confinement;
    private CommonPoolCode pipelines;
    private final Map<CtType<?>, Boolean> taskMonitorTaken = new IdentityHashMap<>();
    /** The methods whose {@code this} the judgement in progress is following back to their callers. */
    private final Set<CtExecutable<?>> thisFollowed = Collections.newSetFromMap(new IdentityHashMap<>());

    private record CallSite(CtAbstractInvocation<?> call, CtExecutable<?> in) {
    }

    LockSharing(ForkJoinModel model, ModelElements elements) {
        this.model = model;
        this.elements = elements;
    }

    /** The monitor of a synchronized method reached from task code: its receiver at every task-code call. */
    public Sharing ofSynchronizedMethod(CtMethod<?> method) {
        CtType<?> owner = method.getDeclaringType();
        if (method.hasModifier(ModifierKind.STATIC)) {
            return Sharing.shared("the class monitor of " + name(owner) + ", one lock for every task");
        }
        return ofThis(method, owner, 0);
    }

    /** The object whose monitor or lock {@code lock} (a synchronized block's expression, a lock's receiver) is. */
    public Sharing of(CtExpression<?> lock) {
        CtExecutable<?> in = lock.getParent(CtExecutable.class);
        return in == null ? Sharing.shared("the lock object") : origin(lock, in, 0);
    }

    private Sharing origin(CtExpression<?> value, CtExecutable<?> in, int hops) {
        if (hops > MAX_HOPS) {
            return Sharing.shared("an object that comes from further away than fjdoctor follows");
        }
        if (value instanceof CtThisAccess<?> self) {
            CtTypeReference<?> type = self.getType();
            CtType<?> declared = type == null ? null : HalfResolved.typeDeclaration(type);
            CtType<?> around = in.getParent(CtType.class);
            if (declared != null && around != null && declared != around && !(in instanceof CtLambda<?>)) {
                // Outer.this inside a nested or anonymous class: another object's code locks the outer one.
                return Sharing.shared("the enclosing " + name(declared) + " object, which the nested "
                        + (around.isAnonymous() ? "anonymous class" : name(around)) + " locks from its own code");
            }
            return ofThis(in, declared != null ? declared : around, hops);
        }
        if (value instanceof CtSuperAccess<?>) {
            // super.m() runs on the same object as this.m().
            return ofThis(in, in.getParent(CtType.class), hops);
        }
        if (value instanceof CtConstructorCall<?> || value instanceof CtNewArray<?>) {
            return Sharing.own("an object created right here");
        }
        if (value instanceof CtFieldRead<?> read) {
            return ofField(read, in, hops);
        }
        if (value instanceof CtVariableRead<?> read && read.getVariable() != null) {
            CtVariable<?> variable = read.getVariable().getDeclaration();
            if (variable instanceof CtLocalVariable<?> local) {
                return ofLocal(read, local, in, hops);
            }
            if (variable instanceof CtParameter<?> parameter) {
                return ofParameter(parameter, in, hops);
            }
        }
        if (value instanceof CtInvocation<?> call && model.api().matches(Apis.SYNCHRONIZED_WRAPPER, call)
                && call.getArguments().size() == 1 && isNew(call.getArguments().get(0))) {
            return Sharing.own("a synchronized wrapper around a collection created right here");
        }
        String perThread = value instanceof CtInvocation<?> call ? confinement().of(call) : null;
        if (perThread != null) {
            return Sharing.own(perThread);
        }
        if (value instanceof CtInvocation<?> call && isLockView(call)) {
            // rw.readLock() and rw.writeLock() are views of rw: they exclude each other as rw is shared
            return origin(call.getTarget(), in, hops);
        }
        if (value instanceof CtInvocation<?> call && call.getExecutable() != null && createsEachCall(call)) {
            return Sharing.own("a new object that " + call.getExecutable().getSimpleName() + "(..) creates on each call");
        }
        if (value instanceof CtInvocation<?> call && call.getExecutable() != null) {
            return Sharing.shared("the object that " + call.getExecutable().getSimpleName() + "(..) returns");
        }
        return Sharing.shared("the lock object " + value);
    }

    /** {@code rw.readLock()}, {@code rw.writeLock()} or a {@code StampedLock}'s {@code asReadLock()}/{@code asWriteLock()}. */
    private static boolean isLockView(CtInvocation<?> call) {
        return call.getExecutable() != null && call.getTarget() != null && call.getArguments().isEmpty()
                && LOCK_VIEWS.contains(call.getExecutable().getSimpleName()) && call.getType() != null
                && call.getType().getQualifiedName().startsWith("java.util.concurrent.locks.");
    }

    private static final Set<String> LOCK_VIEWS = Set.of("readLock", "writeLock", "asReadLock", "asWriteLock");

    /**
     * A factory in the project's code that returns a new object on every path ({@code ExtendedStackTrace.of(t)}
     * choosing one of two classes): what it returns is the caller's own until the caller hands it on. A factory
     * that may return a cached or stored object does not qualify.
     */
    private boolean createsEachCall(CtInvocation<?> call) {
        CtExecutable<?> factory = model.sourceDeclaration(call.getExecutable());
        // An overridable factory may be replaced by one that caches: only a static, private or final one counts.
        if (!(factory instanceof CtMethod<?>) || factory.getBody() == null || !CallGraph.isExactlyBound(factory)) {
            return false;
        }
        List<CtExpression<?>> returned = ValueOrigins.returnedBy(factory);
        return !returned.isEmpty() && returned.stream().allMatch(LockSharing::isNew);
    }

    /** {@code this} in {@code in}, an instance of {@code type}. */
    private Sharing ofThis(CtExecutable<?> in, CtType<?> type, int hops) {
        if (type != null && model.types().isForkJoinTask(type.getReference())) {
            return taskMonitorTakenElsewhere(type)
                    ? Sharing.shared("the monitor of the task object " + name(type) + ", which other code locks too")
                    : Sharing.own("the monitor of the task object " + name(type) + " itself, which no other task locks");
        }
        if (in instanceof CtConstructor<?> constructor && !thisEscapes(constructor)) {
            // Only the thread that runs a constructor sees the object it builds, unless the constructor hands it on.
            return Sharing.own("the " + name(type) + " that " + name(type) + "'s constructor is building");
        }
        if (in instanceof CtLambda<?> lambda && insideItsOwnMonitor(lambda, type)) {
            return Sharing.own("this " + name(type) + ", whose monitor the enclosing synchronized code already holds");
        }
        if (in instanceof CtLambda<?> || type == null) {
            return Sharing.shared("the monitor of this " + name(type));
        }
        if (!thisFollowed.add(in)) {
            // Methods that call each other on this (a generator's next() and skip()): the object is the one their
            // other callers pass, which those callers decide.
            return Sharing.own("this " + name(type) + ", the same object as at its other calls");
        }
        try {
            return ofCallers(in, hops, true, site -> site.call() instanceof CtInvocation<?> call ? receiver(call) : null,
                    "this " + name(type));
        } finally {
            thisFollowed.remove(in);
        }
    }

    /** Whether a constructor hands {@code this} on: passes it, stores it or returns it anywhere in its body. */
    private static boolean thisEscapes(CtConstructor<?> constructor) {
        // Lambdas and nested classes may capture this: counted as handing it on.
        return constructor.getBody() == null
                || !constructor.getBody().getElements(new TypeFilter<>(CtLambda.class)).isEmpty()
                || !constructor.getBody().getElements(new TypeFilter<>(CtClass.class)).isEmpty()
                || CodeScan.elementsIn(constructor, CtThisAccess.class).stream()
                        .anyMatch(self -> !self.isImplicit() && handsOn(self));
    }

    /**
     * A lambda written inside a synchronized instance method of {@code type} (or a {@code synchronized (this)}
     * block) that calls on its {@code this}: a thread running it while the enclosing code holds the monitor
     * re-enters it; any other thread would wait for the enclosing code, which is where the finding is.
     */
    private static boolean insideItsOwnMonitor(CtLambda<?> lambda, CtType<?> type) {
        CtSynchronized block = lambda.getParent(CtSynchronized.class);
        CtExecutable<?> enclosing = lambda.getParent(CtExecutable.class);
        while (enclosing instanceof CtLambda<?>) {
            enclosing = enclosing.getParent(CtExecutable.class);
        }
        if (block != null && block.getExpression() instanceof CtThisAccess<?>
                && block.getParent(CtExecutable.class) == enclosing) {
            return true;
        }
        return enclosing instanceof CtMethod<?> method && method.hasModifier(ModifierKind.SYNCHRONIZED)
                && !method.hasModifier(ModifierKind.STATIC) && method.getDeclaringType() == type;
    }

    private interface ValueAt {
        CtExpression<?> at(CallSite site);
    }

    /**
     * What every task-code caller of {@code callee} passes as the value {@code which} picks (a receiver, an
     * argument): private when each is; with {@code receivers}, {@code null} from {@code which} means the
     * caller's own {@code this}.
     */
    private Sharing ofCallers(CtExecutable<?> callee, int hops, boolean receivers, ValueAt which, String what) {
        List<CallSite> sites = callers().getOrDefault(callee, List.of());
        if (sites.isEmpty()) {
            return Sharing.shared(what + ", which code outside the analysed task code passes in");
        }
        String first = null;
        for (CallSite site : sites) {
            CtExpression<?> value = which.at(site);
            Sharing sharing;
            if (receivers && value == null && site.call() instanceof CtInvocation<?> call && implicitThis(call)) {
                CtType<?> type = site.in().getParent(CtType.class);
                sharing = ofThis(site.in(), type, hops + 1);
            } else if (value == null) {
                sharing = Sharing.shared(what);
            } else {
                sharing = origin(value, site.in(), hops + 1);
            }
            if (sharing.shared()) {
                return Sharing.shared(what + " (" + sharing.description() + ", from " + label(site.in()) + ")");
            }
            first = first == null ? sharing.description() : first;
        }
        return Sharing.own(what + ": " + first + " at every call from task code");
    }

    private static CtExpression<?> receiver(CtInvocation<?> call) {
        CtExpression<?> target = call.getTarget();
        return target == null || target instanceof CtThisAccess<?> && target.isImplicit() ? null : target;
    }

    private static boolean implicitThis(CtInvocation<?> call) {
        return call.getTarget() == null || call.getTarget() instanceof CtThisAccess<?>;
    }

    private Sharing ofLocal(CtVariableRead<?> read, CtLocalVariable<?> local, CtExecutable<?> in, int hops) {
        if (local.getParent(CtExecutable.class) != in) {
            return Sharing.shared("the local " + local.getSimpleName() + " of an enclosing method, captured here");
        }
        if (escapes(local.getReference(), in, 0, use -> LaterUses.after(use, read, local, in))) {
            return Sharing.shared("the local " + local.getSimpleName() + ", which is handed on");
        }
        List<CtExpression<?>> values = model.allocationSites().valuesStoredIn(read);
        if (values == null) {
            return Sharing.shared("the local " + local.getSimpleName());
        }
        for (CtExpression<?> value : values) {
            Sharing sharing = origin(value, in, hops + 1);
            if (sharing.shared()) {
                return Sharing.shared("the local " + local.getSimpleName() + ", " + sharing.description());
            }
        }
        return Sharing.own("the local " + local.getSimpleName() + ", a new object per call that is handed to no one");
    }

    private Sharing ofParameter(CtParameter<?> parameter, CtExecutable<?> in, int hops) {
        // The lambda may be the method the lock is in, or a pipeline's function inside it (walked as its part).
        if (parameter.getParent(CtExecutable.class) instanceof CtLambda<?> lambda
                && pipelines().takesParallelSourceElement(lambda)) {
            return Sharing.own("the element " + parameter.getSimpleName() + " of a parallel pipeline, which hands each"
                    + " element of its source to one task");
        }
        if (parameter.getParent(CtExecutable.class) != in || in instanceof CtLambda<?>) {
            return Sharing.shared("the parameter " + parameter.getSimpleName());
        }
        int index = in.getParameters().indexOf(parameter);
        if (index < 0 || escapes(parameter.getReference(), in)) {
            return Sharing.shared("the parameter " + parameter.getSimpleName() + ", which is handed on");
        }
        return ofCallers(in, hops, false, site -> index < site.call().getArguments().size()
                        ? site.call().getArguments().get(index) : null,
                "the parameter " + parameter.getSimpleName() + " of " + label(in));
    }

    private Sharing ofField(CtFieldRead<?> read, CtExecutable<?> in, int hops) {
        CtFieldReference<?> field = read.getVariable();
        if (field == null) {
            return Sharing.shared("a field");
        }
        String owner = field.getDeclaringType() == null ? "?" : field.getDeclaringType().getSimpleName();
        if ("class".equals(field.getSimpleName())) {
            return Sharing.shared("the class object " + owner + ".class, one lock for every task");
        }
        String name = owner + "." + field.getSimpleName();
        if (field.isStatic()) {
            return Sharing.shared("the static field " + name + ", one object for every task");
        }
        CtField<?> declaration = field.getFieldDeclaration();
        if (declaration == null) {
            return Sharing.shared("the field " + name);
        }
        CtType<?> declaringType = declaration.getDeclaringType();
        boolean onThis = read.getTarget() == null || read.getTarget() instanceof CtThisAccess<?>;
        if (onThis && declaringType != null && model.types().isForkJoinTask(declaringType.getReference())) {
            String fromParameter = setFromParameter(declaration);
            if (fromParameter != null && eachGivenItsOwn(declaration)) {
                return Sharing.own("the field " + name + ", set from the constructor parameter " + fromParameter
                        + ", given a new object or one loop element per " + owner + " at every creation");
            }
            if (fromParameter != null) {
                return Sharing.shared("the field " + name + ", set from the constructor parameter " + fromParameter
                        + ": whoever creates a " + owner + " hands it the same object");
            }
            if (privateField(declaration, declaringType)) {
                return Sharing.own("the field " + name + ", a new object for each task that only that task uses");
            }
        }
        if (onThis && declaringType != null && read.getParent(CtType.class) == declaringType
                && privateField(declaration, declaringType)) {
            // A lock object that each instance creates for itself and never hands out is exactly as shared as
            // the instance that holds it: follow that object back to where task code gets it.
            Sharing holder = ofThis(in, declaringType, hops + 1);
            return new Sharing(holder.shared(), "the field " + name + ", which each " + name(declaringType)
                    + " creates for itself, so it is shared as its holder is: " + holder.description());
        }
        if (!onThis && privateField(declaration, null)) {
            // A lock object every holder creates for itself, read through a holder that is this call's or this
            // thread's own (a worker's state from a ThreadLocal): as private as that holder.
            Sharing holder = origin(read.getTarget(), in, hops + 1);
            return new Sharing(holder.shared(), "the field " + name + ", which each " + owner
                    + " creates for itself, of " + holder.description());
        }
        return Sharing.shared("the field " + name);
    }

    /**
     * Whether every creation of the task class that declares {@code field} passes, for the constructor parameter
     * the field is set from, a new object or the element variable of a for-each loop around the creation (a
     * subtask per element): no two tasks are given the same object. A creation through another constructor, or
     * none in the model, does not qualify.
     */
    private boolean eachGivenItsOwn(CtField<?> field) {
        CtParameter<?> parameter = parameterSetting(field);
        CtExecutable<?> constructor = parameter == null ? null : parameter.getParent(CtExecutable.class);
        int index = constructor == null ? -1 : constructor.getParameters().indexOf(parameter);
        boolean created = false;
        for (CtConstructorCall<?> site : elements.constructorCalls) {
            if (site.getType() == null || !field.getDeclaringType().getQualifiedName().equals(site.getType().getQualifiedName())) {
                continue;
            }
            if (index < 0 || model.sourceDeclaration(site.getExecutable()) != constructor
                    || index >= site.getArguments().size() || !ownPerCreation(site.getArguments().get(index), site)) {
                return false;
            }
            created = true;
        }
        return created;
    }

    /** A new object, or the variable of a for-each loop that encloses {@code site} in the same method. */
    private static boolean ownPerCreation(CtExpression<?> argument, CtConstructorCall<?> site) {
        if (isNew(argument)) {
            return true;
        }
        if (!(argument instanceof CtVariableRead<?> read) || read.getVariable() == null
                || !(read.getVariable().getDeclaration() instanceof CtLocalVariable<?> element)
                || !(element.getParent() instanceof CtForEach loop) || loop.getVariable() != element) {
            return false;
        }
        for (CtElement e = site.getParent(); e != null && !(e instanceof CtExecutable<?>); e = e.getParent()) {
            if (e == loop.getBody()) {
                return CodeScan.elementsIn(loop.getBody(), CtVariableWrite.class).stream()
                        .noneMatch(write -> element.getReference().equals(write.getVariable()));
            }
        }
        return false;
    }

    /** The constructor parameter a field is assigned from ({@code this.lock = lock}), or {@code null}. */
    private static String setFromParameter(CtField<?> field) {
        CtParameter<?> parameter = parameterSetting(field);
        return parameter == null ? null : parameter.getSimpleName();
    }

    private static CtParameter<?> parameterSetting(CtField<?> field) {
        CtType<?> type = field.getDeclaringType();
        if (!(type instanceof CtClass<?> cls)) {
            return null;
        }
        for (var constructor : cls.getConstructors()) {
            for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(constructor, CtAssignment.class)) {
                if (assignment.getAssigned() instanceof CtFieldWrite<?> write && write.getVariable() != null
                        && field.getSimpleName().equals(write.getVariable().getSimpleName())
                        && assignment.getAssignment() instanceof CtVariableRead<?> value && value.getVariable() != null
                        && value.getVariable().getDeclaration() instanceof CtParameter<?> parameter) {
                    return parameter;
                }
            }
        }
        return null;
    }

    /**
     * A field that every write sets to a new object and only its own instance uses: read on {@code this} inside
     * the class {@code owner} (anywhere when {@code owner} is {@code null}), and only to call, lock or read through
     * it, never handed on.
     */
    private boolean privateField(CtField<?> field, CtType<?> owner) {
        if (field.getDefaultExpression() != null && !isNew(field.getDefaultExpression())) {
            return false;
        }
        boolean written = field.getDefaultExpression() != null;
        String key = key(field.getDeclaringType().getQualifiedName(), field.getSimpleName());
        for (CtFieldAccess<?> access : fieldAccesses().getOrDefault(key, List.of())) {
            if (access instanceof CtFieldWrite<?> write) {
                if (!(write.getParent() instanceof CtAssignment<?, ?> assignment) || assignment.getAssigned() != write
                        || !isNew(assignment.getAssignment())) {
                    return false;
                }
                written = true;
            } else {
                CtType<?> where = access.getParent(CtType.class);
                boolean onThis = access.getTarget() == null || access.getTarget() instanceof CtThisAccess<?>;
                if (owner != null && (!onThis || where != owner) || handsOn(access)) {
                    return false;
                }
            }
        }
        return written;
    }

    static boolean isNew(CtExpression<?> value) {
        return value instanceof CtConstructorCall<?> || value instanceof CtNewArray<?>;
    }

    /**
     * Whether a variable is used other than to call, lock or read through it, or is captured by a lambda.
     * Handing it to a static, private or final method of the project that does not hand on its parameter in
     * turn ({@code check(trace)} forwarding to {@code check(trace, false)}) keeps it, up to {@link #MAX_HOPS} calls.
     */
    private boolean escapes(CtVariableReference<?> variable, CtExecutable<?> in) {
        return escapes(variable, in, 0, use -> false);
    }

    /** Whether {@code variable} is handed on in {@code in}, not counting the uses {@code later} says run afterwards. */
    private boolean escapes(CtVariableReference<?> variable, CtExecutable<?> in, int calls, Predicate<CtElement> later) {
        for (CtVariableAccess<?> access : CodeScan.elementsIn(in, CtVariableAccess.class)) {
            if (access.getVariable() == null || !access.getVariable().equals(variable)
                    || access instanceof CtVariableWrite<?> || access.getParent(CtExecutable.class) == in && later.test(access)) {
                continue;
            }
            if (access.getParent(CtExecutable.class) != in || handsOn(access) && !keptByCallee(access, calls)) {
                return true;
            }
        }
        // Anonymous and local classes are not scanned by CodeScan: a use there counts as handed on.
        boolean[] inClass = {false};
        new CtScanner() {
            @Override
            public void scan(CtElement element) {
                if (element instanceof CtVariableAccess<?> access && access.getVariable() != null
                        && access.getVariable().equals(variable) && access.getParent(CtClass.class) != null
                        && access.getParent(CtExecutable.class) != in) {
                    inClass[0] = true;
                }
                if (!inClass[0]) {
                    super.scan(element);
                }
            }
        }.scan(in.getBody());
        return inClass[0];
    }

    /** An argument of a call to an exactly bound source method whose parameter does not escape there. */
    private boolean keptByCallee(CtVariableAccess<?> access, int calls) {
        if (calls >= MAX_HOPS || !(access.getParent() instanceof CtInvocation<?> call)) {
            return false;
        }
        int index = -1;
        for (int i = 0; i < call.getArguments().size(); i++) {
            index = call.getArguments().get(i) == access ? i : index;
        }
        CtExecutable<?> callee = model.sourceDeclaration(call.getExecutable());
        if (index < 0 || callee == null || !CallGraph.isExactlyBound(callee) || index >= callee.getParameters().size()
                || callee.getParameters().get(index).isVarArgs()) {
            return false;
        }
        return !escapes(callee.getParameters().get(index).getReference(), callee, calls + 1, use -> false);
    }

    /** A read whose value goes somewhere else than the receiver of a call, a lock, or a field read. */
    static boolean handsOn(CtExpression<?> read) {
        CtElement parent = read.getParent();
        return !(parent instanceof CtInvocation<?> call && call.getTarget() == read
                 || parent instanceof CtSynchronized block && block.getExpression() == read
                 || parent instanceof CtFieldAccess<?> access && access.getTarget() == read);
    }

    /**
     * Whether code other than the task's own methods on {@code this} locks an instance of a task class: a
     * synchronized block on another expression of its type, or a synchronized method of it called on
     * another receiver. Then its monitor is shared after all.
     */
    private boolean taskMonitorTakenElsewhere(CtType<?> task) {
        return taskMonitorTaken.computeIfAbsent(task, t -> {
            CtTypeReference<?> reference = t.getReference();
            for (CtSynchronized block : synchronizedBlocks()) {
                CtExpression<?> lock = block.getExpression();
                if (lock != null && !(lock instanceof CtThisAccess<?>) && lock.getType() != null
                        && HalfResolved.isSubtypeOf(lock.getType(), reference)) {
                    return true;
                }
            }
            for (CtMethod<?> method : t.getMethods()) {
                if (!method.hasModifier(ModifierKind.SYNCHRONIZED) || method.hasModifier(ModifierKind.STATIC)) {
                    continue;
                }
                for (CtInvocation<?> call : elements.invocations) {
                    // On a receiver that may be a T: typed as T, or as a supertype the call dispatches through.
                    if (call.getExecutable() != null && method.getSimpleName().equals(call.getExecutable().getSimpleName())
                            && !implicitThis(call) && call.getTarget().getType() != null
                            && (HalfResolved.isSubtypeOf(call.getTarget().getType(), reference)
                                || HalfResolved.isSubtypeOf(reference, call.getTarget().getType()))) {
                        return true;
                    }
                }
            }
            return false;
        });
    }

    private CommonPoolCode pipelines() {
        if (pipelines == null) {
            pipelines = model.commonPoolCode();
        }
        return pipelines;
    }

    private ThreadConfinement confinement() {
        if (confinement == null) {
            confinement = new ThreadConfinement(model, elements, field -> fieldAccesses().getOrDefault(
                    key(field.getDeclaringType().getQualifiedName(), field.getSimpleName()), List.of()), this::escapes);
        }
        return confinement;
    }

    private Map<CtExecutable<?>, List<CallSite>> callers() {
        if (callers == null) {
            callers = new IdentityHashMap<>();
            for (Reach reach : model.reachable()) {
                for (CtAbstractInvocation<?> call : CodeScan.elementsIn(reach.executable(), CtAbstractInvocation.class)) {
                    for (CtExecutable<?> target : model.callTargets(call)) {
                        callers.computeIfAbsent(target, k -> new ArrayList<>()).add(new CallSite(call, reach.executable()));
                    }
                }
            }
        }
        return callers;
    }

    private Map<String, List<CtFieldAccess<?>>> fieldAccesses() {
        if (fieldAccesses == null) {
            fieldAccesses = new HashMap<>();
            List<CtSynchronized> blocks = new ArrayList<>();
            CtScanner scanner = new CtScanner() {
                @Override
                public void scan(CtElement element) {
                    if (element instanceof CtFieldAccess<?> access && access.getVariable() != null
                            && access.getVariable().getDeclaringType() != null) {
                        fieldAccesses.computeIfAbsent(key(access.getVariable().getDeclaringType().getQualifiedName(),
                                access.getVariable().getSimpleName()), k -> new ArrayList<>()).add(access);
                    } else if (element instanceof CtSynchronized block) {
                        blocks.add(block);
                    }
                    super.scan(element);
                }
            };
            for (CtType<?> type : elements.types) {
                if (type.isTopLevel()) {
                    scanner.scan(type);
                }
            }
            synchronizedBlocks = blocks;
        }
        return fieldAccesses;
    }

    private List<CtSynchronized> synchronizedBlocks() {
        fieldAccesses();
        return synchronizedBlocks;
    }

    private static String key(String type, String field) {
        return type + "#" + field;
    }

    private static String name(CtType<?> type) {
        if (type != null && type.isAnonymous()) {
            CtTypeReference<?> parent = type.getSuperclass() != null ? type.getSuperclass()
                    : type.getSuperInterfaces().stream().findFirst().orElse(null);
            return "anonymous " + (parent == null ? "class" : parent.getSimpleName());
        }
        return type == null ? "?" : type.getSimpleName();
    }

    private static String label(CtExecutable<?> executable) {
        return ForkJoinModel.label(executable);
    }
}
