package org.fjdoctor.analyzer.vocabulary;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.code.CtVariableRead;
import spoon.reflect.cu.CompilationUnit;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtImport;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtUnboundVariableReference;

/**
 * In a lambda JDT left unbound (its target type is missing without a classpath), {@code Owner.field} is not
 * even a field read: Spoon keeps the dotted name as an unbound variable, so a call on it
 * ({@code MyPlugin.conn.getConnection()}) has no receiver. When {@code Owner} is a source class of the same
 * package, or one imported by name, that declares {@code field} static, the field's declared type is it.
 */
final class StaticFieldNames {

    private StaticFieldNames() {
    }

    /** The declared type of the static field an unbound {@code Owner.field} names, or {@code null}. */
    static CtTypeReference<?> typeOf(CtVariableRead<?> read) {
        if (!(read.getVariable() instanceof CtUnboundVariableReference<?> unbound)) {
            return null;
        }
        String dotted = unbound.getSimpleName();
        int dot = dotted.lastIndexOf('.');
        CtType<?> around = read.getParent(CtType.class);
        if (dot <= 0 || around == null) {
            return null;
        }
        String owner = dotted.substring(0, dot);
        CtType<?> declaration = ownerNamed(around, owner);
        CtField<?> field = declaration == null || declaration.isShadow() ? null
                : declaration.getField(dotted.substring(dot + 1));
        return field == null || !field.isStatic() ? null : field.getType();
    }

    /** The source class {@code owner} means in {@code around}'s file: imported by that name, or in its package. */
    private static CtType<?> ownerNamed(CtType<?> around, String owner) {
        CompilationUnit unit = HalfResolved.lookup(() -> around.getPosition().getCompilationUnit(), null);
        if (unit != null && !owner.contains(".")) {
            for (CtImport imported : unit.getImports()) {
                if (imported.getReference() instanceof CtTypeReference<?> type && type.getSimpleName().equals(owner)) {
                    return HalfResolved.typeDeclaration(type);
                }
            }
        }
        String inPackage = around.getPackage() == null ? owner : around.getPackage().getQualifiedName() + "." + owner;
        CtType<?> local = around.getFactory().Type().get(inPackage);
        return local != null ? local : around.getFactory().Type().get(owner);
    }
}
