package org.fjdoctor.analyzer.vocabulary;

import java.util.Set;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;

/**
 * A repair for getters Lombok generates ({@code @Getter} on a field or its class, {@code @Data}, {@code @Value}):
 * they are not in the source, so {@code context.getService()} has no type and the call after it
 * ({@code .save(page)}) no receiver. Such a getter returns its field, so the call has the field's type. Only
 * where Spoon found no declaration for the getter: a getter written by hand decides for itself.
 */
public final class LombokAccessors {

    /** Class annotations that generate a getter for every instance field. */
    private static final Set<String> ON_EVERY_FIELD = Set.of("lombok.Getter", "lombok.Data", "lombok.Value");

    private LombokAccessors() {
    }

    /**
     * The type of the field {@code call} gets through a generated getter, or {@code null} when it is no call of
     * one: no arguments, no declaration in the source, and a receiver class of the project's own that has the
     * field and a Lombok annotation that generates the getter.
     */
    static CtTypeReference<?> typeOf(CtInvocation<?> call) {
        CtField<?> field = fieldOf(call);
        return field == null ? null : field.getType();
    }

    /** The field {@code call} gets through a generated getter, or {@code null} when it is no call of one. */
    public static CtField<?> fieldOf(CtInvocation<?> call) {
        String name = call.getExecutable().getSimpleName();
        if (!call.getArguments().isEmpty() || !(name.startsWith("get") || name.startsWith("is"))
                || call.getTarget() == null) {
            return null;
        }
        CtTypeReference<?> receiver = MethodMatcher.receiverType(call);
        for (CtType<?> type = receiver == null ? null : receiver.getDeclaration(); type != null && !type.isShadow();
             type = type.getSuperclass() == null ? null : type.getSuperclass().getDeclaration()) {
            if (!type.getMethodsByName(name).isEmpty()) {
                return null; // written by hand, or overloaded: Spoon's resolution decides
            }
            for (CtField<?> field : type.getFields()) {
                if (!field.hasModifier(ModifierKind.STATIC) && name.equals(getterName(field))
                        && (annotated(field, Set.of("lombok.Getter")) || annotated(type, ON_EVERY_FIELD))) {
                    return field;
                }
            }
        }
        return null;
    }

    /**
     * Whether {@code element} carries an annotation that gives getters ({@code @Getter}, {@code @Data},
     * {@code @Value}): on a class, to every instance field; on a field, to that field.
     */
    public static boolean generatesGetters(CtElement element) {
        return annotated(element, ON_EVERY_FIELD);
    }

    /** Lombok's name for the getter of {@code field}: {@code getName}, {@code isDone} for a {@code boolean done}. */
    private static String getterName(CtField<?> field) {
        String name = field.getSimpleName();
        boolean bool = field.getType() != null && "boolean".equals(field.getType().getQualifiedName());
        if (bool && name.length() > 2 && name.startsWith("is") && Character.isUpperCase(name.charAt(2))) {
            return name;
        }
        return (bool ? "is" : "get") + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** Whether {@code element} carries one of the {@code annotations} (qualified names). */
    public static boolean annotated(CtElement element, Set<String> annotations) {
        for (CtAnnotation<?> annotation : element.getAnnotations()) {
            if (annotation.getAnnotationType() != null
                    && annotations.contains(annotation.getAnnotationType().getQualifiedName())) {
                return true;
            }
        }
        return false;
    }
}
