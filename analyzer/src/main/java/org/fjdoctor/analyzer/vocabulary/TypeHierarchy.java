package org.fjdoctor.analyzer.vocabulary;

import spoon.reflect.reference.CtTypeReference;

/** Subtype questions by resolved qualified name; the model's {@code JavaTypes} answers them. */
@FunctionalInterface
public interface TypeHierarchy {

    /** Whether {@code type} is {@code qualifiedName} or one of its subtypes. */
    boolean isSubtypeOf(CtTypeReference<?> type, String qualifiedName);
}
