package org.fjdoctor.analyzer.model;

import java.util.List;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.cu.CompilationUnit;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtImport;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtUnboundVariableReference;

/**
 * The source field a read JDT left unbound names ({@code Holder.EXECUTOR} as an argument of a call whose binding
 * failed, which Spoon models as one unbound variable named {@code Holder.EXECUTOR}): the type is looked up as the
 * file's imports or its package name it, the field in that type of the model. {@code null} when the name is not
 * {@code Type.FIELD} or either is not in the model.
 */
final class UnboundFields {

    private UnboundFields() {
    }

    static CtField<?> declaration(CtExpression<?> read) {
        if (!(read instanceof CtVariableRead<?> variable)
                || !(variable.getVariable() instanceof CtUnboundVariableReference<?> unbound)) {
            return null;
        }
        String name = unbound.getSimpleName();
        int dot = name.lastIndexOf('.');
        if (dot <= 0 || name.indexOf('.') != dot || !read.getPosition().isValidPosition()) {
            return null;
        }
        String typeName = name.substring(0, dot);
        CtTypeReference<?> imported = importedType(read.getPosition().getCompilationUnit(), typeName);
        CtType<?> type = imported == null ? null : read.getFactory().Type().get(imported.getQualifiedName());
        CtType<?> enclosing = read.getParent(CtType.class);
        if (type == null && enclosing != null && enclosing.getPackage() != null) {
            type = read.getFactory().Type().get(enclosing.getPackage().getQualifiedName() + "." + typeName);
        }
        return type == null ? null : type.getField(name.substring(dot + 1));
    }

    /** The type an import of the file names {@code simpleName} by (code that compiles has one at most), or {@code null}. */
    private static CtTypeReference<?> importedType(CompilationUnit unit, String simpleName) {
        for (CtImport imported : unit == null ? List.<CtImport>of() : unit.getImports()) {
            if (imported.getReference() instanceof CtTypeReference<?> reference
                    && reference.getSimpleName().equals(simpleName)) {
                return reference;
            }
        }
        return null;
    }
}
