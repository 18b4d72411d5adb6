package org.fjdoctor.analyzer.model;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtSuperAccess;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtFieldReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Whether a lock that task code takes can be taken by another task at the same time: only then can it
 * stall a worker. A lock is private to one task when it is the monitor of the task object itself (and no
 * other code locks that task), an object this call or this task creates and hands to no one, or what every
 * task-code caller passes in when that is private too. Everything else counts as shared, and the answer
 * says what it is (a static field, the class object, a field set from a constructor parameter, ...) so that a
 * reviewer can check it. The judgement follows values back a few calls at most; past that, shared. It reads the
 * model through {@link LockIndex} (call sites, field accesses, synchronized blocks), judges fields with
 * {@link FieldOwnership} and variables with {@link VariableEscapes}.
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

    /** Calls a value is followed back through, at most; past them, shared. */
    static final int MAX_HOPS = 4;

    private final ForkJoinModel model;
    private final LockIndex index;
    private final FieldOwnership fields;
    private final VariableEscapes escapes;
    private final Lazy<ThreadConfinement> confinement;
    private final Lazy<ParallelPipelines> pipelines;
    /** The methods whose {@code this} the judgement in progress is following back to their callers. */
    private final Set<CtExecutable<?>> thisFollowed = Collections.newSetFromMap(new IdentityHashMap<>());

    LockSharing(ForkJoinModel model, ModelElements elements) {
        this.model = model;
        this.index = new LockIndex(model, elements);
        this.fields = new FieldOwnership(model, elements, index);
        this.escapes = new VariableEscapes(model);
        this.confinement = Lazy.of("the thread confinement judgement", () -> new ThreadConfinement(model, elements, index::accesses, escapes::escapes));
        this.pipelines = Lazy.of("the common-pool code", model::parallelPipelines);
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
                && call.getArguments().size() == 1 && VariableEscapes.isNew(call.getArguments().get(0))) {
            return Sharing.own("a synchronized wrapper around a collection created right here");
        }
        String perThread = value instanceof CtInvocation<?> call ? confinement.get().of(call) : null;
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
    public static boolean isLockView(CtInvocation<?> call) {
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
        return !returned.isEmpty() && returned.stream().allMatch(VariableEscapes::isNew);
    }

    /** {@code this} in {@code in}, an instance of {@code type}. */
    private Sharing ofThis(CtExecutable<?> in, CtType<?> type, int hops) {
        if (type != null && model.types().isForkJoinTask(type.getReference())) {
            return index.taskMonitorTakenElsewhere(type)
                    ? Sharing.shared("the monitor of the task object " + name(type) + ", which other code locks too")
                    : Sharing.own("the monitor of the task object " + name(type) + " itself, which no other task locks");
        }
        if (in instanceof CtConstructor<?> constructor && !VariableEscapes.thisEscapes(constructor)) {
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
        CtExpression<?> at(LockIndex.CallSite site);
    }

    /**
     * What every task-code caller of {@code callee} passes as the value {@code which} picks (a receiver, an
     * argument): private when each is; with {@code receivers}, {@code null} from {@code which} means the
     * caller's own {@code this}.
     */
    private Sharing ofCallers(CtExecutable<?> callee, int hops, boolean receivers, ValueAt which, String what) {
        List<LockIndex.CallSite> sites = index.callersOf(callee);
        if (sites.isEmpty()) {
            return Sharing.shared(what + ", which code outside the analysed task code passes in");
        }
        String first = null;
        for (LockIndex.CallSite site : sites) {
            CtExpression<?> value = which.at(site);
            Sharing sharing;
            if (receivers && value == null && site.call() instanceof CtInvocation<?> call && LockIndex.implicitThis(call)) {
                CtType<?> type = site.in().getParent(CtType.class);
                CtType<?> outer = enclosingReceiver(type, callee);
                sharing = outer != null
                        ? Sharing.shared("the enclosing " + name(outer) + " object, on which the nested "
                                + name(type) + " calls " + label(callee) + " from its own code")
                        : ofThis(site.in(), type, hops + 1);
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

    /**
     * The enclosing class whose instance an unqualified call in {@code type} runs {@code callee} on, or
     * {@code null} when it runs on {@code type}'s own {@code this}: the method belongs to neither {@code type}
     * nor its supertypes but to an enclosing class, so the receiver is {@code Outer.this}, an object every
     * instance of the inner class that it created shares.
     */
    private static CtType<?> enclosingReceiver(CtType<?> type, CtExecutable<?> callee) {
        CtType<?> declaring = callee instanceof CtMethod<?> method && !method.hasModifier(ModifierKind.STATIC)
                ? method.getDeclaringType() : null;
        if (type == null || declaring == null || inherits(type, declaring)) {
            return null;
        }
        for (CtType<?> inner = type, outer = type.getParent(CtType.class); outer != null;
                inner = outer, outer = outer.getParent(CtType.class)) {
            if (inner.hasModifier(ModifierKind.STATIC)) {
                return null; // a static nested class has no enclosing instance
            }
            if (inherits(outer, declaring)) {
                return outer;
            }
        }
        return null;
    }

    private static boolean inherits(CtType<?> type, CtType<?> declaring) {
        return type == declaring || type.getReference().isSubtypeOf(declaring.getReference());
    }

    private static CtExpression<?> receiver(CtInvocation<?> call) {
        CtExpression<?> target = call.getTarget();
        return target == null || target instanceof CtThisAccess<?> && target.isImplicit() ? null : target;
    }

    private Sharing ofLocal(CtVariableRead<?> read, CtLocalVariable<?> local, CtExecutable<?> in, int hops) {
        if (local.getParent(CtExecutable.class) != in) {
            return Sharing.shared("the local " + local.getSimpleName() + " of an enclosing method, captured here");
        }
        if (escapes.escapes(local.getReference(), in, 0, use -> LaterUses.after(use, read, local, in))) {
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
                && pipelines.get().takesParallelSourceElement(lambda)) {
            return Sharing.own("the element " + parameter.getSimpleName() + " of a parallel pipeline, which hands each"
                    + " element of its source to one task");
        }
        if (parameter.getParent(CtExecutable.class) != in || in instanceof CtLambda<?>) {
            return Sharing.shared("the parameter " + parameter.getSimpleName());
        }
        int position = in.getParameters().indexOf(parameter);
        if (position < 0 || escapes.escapes(parameter.getReference(), in)) {
            return Sharing.shared("the parameter " + parameter.getSimpleName() + ", which is handed on");
        }
        return ofCallers(in, hops, false, site -> position < site.call().getArguments().size()
                        ? site.call().getArguments().get(position) : null,
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
            String fromParameter = FieldOwnership.setFromParameter(declaration);
            if (fromParameter != null && fields.eachGivenItsOwn(declaration)) {
                return Sharing.own("the field " + name + ", set from the constructor parameter " + fromParameter
                        + ", given a new object or one loop element per " + owner + " at every creation");
            }
            if (fromParameter != null) {
                return Sharing.shared("the field " + name + ", set from the constructor parameter " + fromParameter
                        + ": whoever creates a " + owner + " hands it the same object");
            }
            if (fields.privateField(declaration, declaringType)) {
                return Sharing.own("the field " + name + ", a new object for each task that only that task uses");
            }
        }
        if (onThis && declaringType != null && read.getParent(CtType.class) == declaringType
                && fields.privateField(declaration, declaringType)) {
            // A lock object that each instance creates for itself and never hands out is exactly as shared as
            // the instance that holds it: follow that object back to where task code gets it.
            Sharing holder = ofThis(in, declaringType, hops + 1);
            return new Sharing(holder.shared(), "the field " + name + ", which each " + name(declaringType)
                    + " creates for itself, so it is shared as its holder is: " + holder.description());
        }
        if (!onThis && fields.privateField(declaration, null)) {
            // A lock object every holder creates for itself, read through a holder that is this call's or this
            // thread's own (a worker's state from a ThreadLocal): as private as that holder.
            Sharing holder = origin(read.getTarget(), in, hops + 1);
            return new Sharing(holder.shared(), "the field " + name + ", which each " + owner
                    + " creates for itself, of " + holder.description());
        }
        return Sharing.shared("the field " + name);
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
