package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import spoon.reflect.CtModel;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtModule;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.visitor.CtScanner;

/**
 * The kinds of elements the fork/join model looks at across the whole program, collected in one walk
 * of the model, in the order {@code CtModel.getElements} lists them. Each {@code getElements} call
 * is a walk of its own through Spoon's query machinery: eight of them were measured at about a sixth
 * of a focused scan of the JDK's own sources.
 */
final class ModelElements {

    final List<CtType<?>> types = new ArrayList<>();
    final List<CtInvocation<?>> invocations = new ArrayList<>();
    final List<CtConstructorCall<?>> constructorCalls = new ArrayList<>();
    final List<CtLambda<?>> lambdas = new ArrayList<>();
    final List<CtExecutableReferenceExpression<?, ?>> methodReferences = new ArrayList<>();
    final List<CtField<?>> fields = new ArrayList<>();
    final List<CtMethod<?>> methods = new ArrayList<>();
    private final Lazy<Set<String>> constructedTypes = Lazy.of("the index of constructed types", this::findConstructedTypes);
    private final Lazy<Set<String>> createdClasses = Lazy.of("the index of created classes", this::findCreatedClasses);

    ModelElements(CtModel model) {
        CtScanner scanner = new CtScanner() {
            @Override
            public void scan(CtElement element) {
                if (element == null) {
                    return;
                }
                collect(element);
                super.scan(element);
            }
        };
        for (CtModule module : model.getAllModules()) {
            scanner.scan(module);
        }
    }

    /**
     * The qualified names of the types some {@code new T(..)} in the model creates (an anonymous class's supertype),
     * or some constructor reference {@code T::new} (a factory's supplier) does.
     */
    Set<String> constructedTypes() {
        return constructedTypes.get();
    }

    /**
     * The qualified names of the classes the program makes instances of: the {@link #constructedTypes()}, those a
     * framework creates ({@link FrameworkCreated}), and the anonymous classes of its {@code new T() {..}}. What a
     * call by type may dispatch to.
     */
    Set<String> createdClasses() {
        return createdClasses.get();
    }

    private Set<String> findCreatedClasses() {
        Set<String> created = new HashSet<>(constructedTypes());
        created.addAll(FrameworkCreated.in(this));
        for (CtConstructorCall<?> construction : constructorCalls) {
            if (construction instanceof CtNewClass<?> anonymous && anonymous.getAnonymousClass() != null) {
                created.add(anonymous.getAnonymousClass().getQualifiedName());
            }
        }
        return Set.copyOf(created);
    }

    private Set<String> findConstructedTypes() {
        Set<String> constructedTypes = new HashSet<>();
        for (CtConstructorCall<?> construction : constructorCalls) {
            if (construction.getType() != null) {
                constructedTypes.add(construction.getType().getQualifiedName());
            }
        }
        for (CtExecutableReferenceExpression<?, ?> reference : methodReferences) {
            String created = constructed(reference);
            if (created != null) {
                constructedTypes.add(created);
            }
        }
        return constructedTypes;
    }

    /** The class {@code T::new} creates, or {@code null} for any other method reference (and an array's {@code T[]::new}). */
    static String constructed(CtExecutableReferenceExpression<?, ?> reference) {
        CtExecutableReference<?> executable = reference.getExecutable();
        if (executable == null || !executable.isConstructor() || executable.getDeclaringType() == null
                || executable.getDeclaringType().isArray()) {
            return null;
        }
        return executable.getDeclaringType().getQualifiedName();
    }

    private void collect(CtElement element) {
        if (element instanceof CtInvocation<?> invocation) {
            invocations.add(invocation);
        } else if (element instanceof CtConstructorCall<?> construction) {
            constructorCalls.add(construction);
        } else if (element instanceof CtLambda<?> lambda) {
            lambdas.add(lambda);
        } else if (element instanceof CtExecutableReferenceExpression<?, ?> reference) {
            methodReferences.add(reference);
        } else if (element instanceof CtField<?> field) {
            fields.add(field);
        } else if (element instanceof CtMethod<?> method) {
            methods.add(method);
        } else if (element instanceof CtType<?> type) {
            types.add(type);
        }
    }
}
