package org.fjdoctor.analyzer.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.source.SourceFile;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;

/**
 * What resolving one call told {@link Dispatch} besides its targets (the receiver type it dispatched on, the class
 * it was narrowed to, how a function call found its targets), so that a kept answer ({@link ResolvedCalls}) records
 * the same when it is used again; and what the resolution read: whether the call path, and which elements.
 */
final class CallEffects {

    /** Whether the answer read the call path (a trace through its parameters, the entry's task type). */
    private boolean pathRead;
    /** Whether the answer read a trace through the whole model's stores and call sites, not the path. */
    private boolean modelRead;
    /** Elements the answer read besides the call and its targets: their files' edits change it. */
    private final List<CtElement> read = new ArrayList<>();
    private CtType<?> narrowed;
    private String receiver;
    private boolean unbounded;
    private String method;
    /** How a call of a functional interface's or a user type's method found its targets, or {@code null}. */
    private FunctionTargets.Narrowing narrowing;

    void readPath() {
        pathRead = true;
    }

    /**
     * Notes what a backward trace of the call's receiver read, or nothing for {@code null} (none tried): the path where
     * it asked which call bound a parameter; else the model's every store and call site it followed, which one model
     * keeps (the same trace takes the same steps on every path) and an edit of any file's bodies may change.
     */
    void traced(FunctionFlow.Traced traced) {
        if (traced == null) {
            return;
        }
        if (traced.readsPath()) {
            pathRead = true;
        } else {
            modelRead = true;
        }
    }

    /** Whether the answer read a trace that may follow stores and call sites in any file ({@link #traced}). */
    boolean modelRead() {
        return modelRead;
    }

    boolean pathRead() {
        return pathRead;
    }

    void read(CtElement element) {
        if (element != null) {
            read.add(element);
        }
    }

    /**
     * Notes the stores of the variable {@code receiver} reads ({@link AllocationSites}): a field's are in its class,
     * whose file may be another one; a local's are in the call's own method, whose file is noted already (and
     * looking a local's declaration up is a search of the scopes around it).
     */
    void readStores(CtExpression<?> receiver) {
        if (receiver instanceof CtFieldRead<?> fieldRead && fieldRead.getVariable() != null) {
            read(fieldRead.getVariable().getFieldDeclaration());
        }
    }

    void narrowed(CtInvocation<?> call, CtType<?> allocated) {
        narrowed = allocated;
        read(allocated);
    }

    void dispatchedOn(String receiverType, boolean unboundedCall, String methodName) {
        receiver = receiverType;
        unbounded = unboundedCall;
        method = methodName;
    }

    /** The first narrowing recorded, as {@link FunctionTargets} keeps the first. */
    void recorded(FunctionTargets.Narrowing recorded) {
        if (narrowing == null) {
            narrowing = recorded;
        }
    }

    /** Tells {@code dispatch} for {@code call} what resolving it told it the first time. */
    void replay(Dispatch dispatch, CtAbstractInvocation<?> call) {
        if (!(call instanceof CtInvocation<?> invocation)) {
            return;
        }
        if (narrowed != null) {
            dispatch.narrowed(invocation, narrowed);
        }
        if (receiver != null) {
            dispatch.dispatchedOn(receiver, unbounded, method);
        }
        if (narrowing != null) {
            dispatch.restore(invocation, narrowing);
        }
    }

    /**
     * The files of the call, its targets and every element the answer read, once the call is resolved: the
     * elements read are let go, as a kept answer needs only their files.
     */
    Set<Path> files(CtAbstractInvocation<?> call, List<CtExecutable<?>> targets, ForkJoinModel model) {
        Set<Path> files = new HashSet<>();
        addFile(call, model, files);
        targets.forEach(target -> addFile(target, model, files));
        read.forEach(element -> addFile(element, model, files));
        read.clear();
        return Set.copyOf(files);
    }

    /**
     * Adds the file {@code element} is written in; an implicit element (a default constructor) has no position
     * of its own and is in the file of the nearest enclosing element that has one.
     */
    private static void addFile(CtElement element, ForkJoinModel model, Set<Path> files) {
        for (CtElement e = element; e != null; e = e.isParentInitialized() ? e.getParent() : null) {
            SourceFile file = model.fileOf(e);
            if (file != null) {
                files.add(file.path());
                return;
            }
        }
    }
}
