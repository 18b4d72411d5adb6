package org.fjdoctor.analyzer.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.jdt.internal.compiler.batch.FileSystem;
import org.fjdoctor.analyzer.isolation.Failures;
import org.fjdoctor.analyzer.isolation.LargeStack;
import org.fjdoctor.analyzer.source.SourceFile;

import spoon.reflect.CtModel;
import spoon.reflect.declaration.CtCompilationUnit;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtModifiable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtTypeMember;
import spoon.reflect.factory.Factory;
import spoon.support.compiler.VirtualFile;
import spoon.support.compiler.jdt.JDTBasedSpoonCompiler;
import spoon.support.compiler.jdt.JDTBatchCompiler;

/**
 * Replaces the compilation unit of one file in a built Spoon model by the unit of a new text of that file,
 * when the new text declares the same types with the same members (an edit inside bodies): everything else
 * in the model refers to the file's types and members by name and signature, so it stays as it is.
 *
 * <p>The new unit is built by JDT and Spoon into the model's own factory, resolved against the other files of
 * the model, which JDT sees as units whose method bodies are blank (a unit's resolution reads only the
 * signatures of the types it uses); only the edited unit becomes part of the model.
 */
public final class UnitReplacement {

    private UnitReplacement() {
    }

    /**
     * Replaces {@code file}'s unit in {@code model} by the unit of {@code text}.
     *
     * @param signatures the other files of the model, each with a text that keeps its declarations (bodies may be blank)
     * @return whether the unit was replaced; when false the model may have lost the file's old types and must
     *         not be used again
     */
    public static boolean replace(CtModel model, SourceFile file, String text, Map<SourceFile, String> signatures,
                                  List<Path> classpath) {
        return LargeStack.get("fjdoctor-model", () -> {
            try {
                return replaceHere(model, file, text, signatures, classpath);
            } catch (Throwable thrown) {
                Failures.rethrowUnrecoverable(thrown);
                return false;
            }
        });
    }

    private static boolean replaceHere(CtModel model, SourceFile file, String text, Map<SourceFile, String> signatures,
                                       List<Path> classpath) {
        Factory factory = model.getRootPackage().getFactory();
        String name = SpoonModelBuilder.spoonName(file);
        CtCompilationUnit old = factory.CompilationUnit().getMap().get(name);
        if (old == null) {
            return false;
        }
        List<CtType<?>> oldTypes = List.copyOf(old.getDeclaredTypes());
        String shape = shape(oldTypes);
        factory.CompilationUnit().removeFromCache(name);
        oldTypes.forEach(CtType::delete);
        Map<String, SourcesOnDemand.Source> others = sources(factory, signatures);
        JDTBasedSpoonCompiler compiler = new JDTBasedSpoonCompiler(factory) {
            @Override
            protected JDTBatchCompiler createBatchCompiler() {
                return new JDTBatchCompiler(this) {
                    @Override
                    public FileSystem getLibraryAccess() {
                        return new SourcesOnDemand(checkedClasspaths, filenames, annotationsFromClasspath,
                                limitedModules, module, others);
                    }
                };
            }
        };
        compiler.addInputSource(new VirtualFile(text, name));
        // Only the edited unit joins the model: the others JDT reads are there to resolve it against.
        compiler.addCompilationUnitFilter(path -> !path.equals(name));
        if (!classpath.isEmpty()) {
            compiler.setSourceClasspath(classpath.stream().map(Path::toString).toArray(String[]::new));
        }
        // Spoon builds a model once; this build only adds one unit to it.
        model.setBuildModelIsFinished(false);
        try {
            compiler.build();
        } finally {
            model.setBuildModelIsFinished(true);
        }
        CtCompilationUnit unit = factory.CompilationUnit().getMap().get(name);
        return unit != null && shape(unit.getDeclaredTypes()).equals(shape);
    }

    /** The other units' top-level types by qualified name, each with the signature text of its file. */
    private static Map<String, SourcesOnDemand.Source> sources(Factory factory, Map<SourceFile, String> signatures) {
        Map<String, String> byName = new HashMap<>();
        signatures.forEach((file, signature) -> byName.put(SpoonModelBuilder.spoonName(file), signature));
        Map<String, SourcesOnDemand.Source> sources = new HashMap<>();
        factory.CompilationUnit().getMap().forEach((name, unit) -> {
            String signature = byName.get(name);
            if (signature != null) {
                for (CtType<?> type : unit.getDeclaredTypes()) {
                    sources.put(type.getQualifiedName(), new SourcesOnDemand.Source(name, signature));
                }
            }
        });
        return sources;
    }

    /**
     * What the rest of the model can see of a file's types: each type's and member's name, kind, modifiers,
     * annotations, supertypes, type parameters and signature, nested types included; local and anonymous
     * classes are part of bodies and left out.
     */
    static String shape(List<CtType<?>> types) {
        List<String> lines = new ArrayList<>();
        types.forEach(type -> shape(type, lines));
        return String.join("\n", lines);
    }

    private static void shape(CtType<?> type, List<String> lines) {
        lines.add("type " + type.getQualifiedName() + " " + type.getClass().getSimpleName() + head(type)
                + " extends " + type.getSuperclass() + " implements " + type.getSuperInterfaces()
                + " <" + type.getFormalCtTypeParameters() + ">");
        for (CtTypeMember member : type.getTypeMembers()) {
            if (member instanceof CtType<?> nested) {
                shape(nested, lines);
            } else if (member instanceof CtField<?> field) {
                lines.add("field " + field.getSimpleName() + head(field) + " " + field.getType());
            } else if (member instanceof CtExecutable<?> executable) {
                lines.add("executable " + executable.getSignature() + head(member) + " " + executable.getType()
                        + " throws " + executable.getThrownTypes() + (member instanceof spoon.reflect.declaration.CtFormalTypeDeclarer
                        d ? " <" + d.getFormalCtTypeParameters() + ">" : "")
                        + (member instanceof spoon.reflect.declaration.CtMethod<?> m && m.getBody() == null ? " abstract"
                        : ""));
            } else {
                lines.add("member " + member.getClass().getSimpleName() + head(member));
            }
        }
    }

    private static String head(CtElement element) {
        String modifiers = element instanceof CtModifiable modifiable ? " " + modifiable.getModifiers().stream()
                .map(Object::toString).sorted().collect(Collectors.joining(",")) : "";
        return modifiers + " @" + element.getAnnotations().stream().map(Object::toString).sorted().toList();
    }
}
