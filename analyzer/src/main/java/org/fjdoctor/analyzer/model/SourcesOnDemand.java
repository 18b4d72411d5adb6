package org.fjdoctor.analyzer.model;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.core.compiler.CharOperation;
import org.eclipse.jdt.internal.compiler.batch.CompilationUnit;
import org.eclipse.jdt.internal.compiler.batch.FileSystem;
import org.eclipse.jdt.internal.compiler.env.IModule;
import org.eclipse.jdt.internal.compiler.env.NameEnvironmentAnswer;
import org.eclipse.jdt.internal.compiler.lookup.ModuleBinding;

/**
 * JDT's name environment for building one unit against the rest of a model: the model's top-level types are
 * answered from their texts when JDT first asks for them, before the classpath and the JDK are searched, as
 * they would be if every text were a unit of the build. JDT then parses and resolves only the files the unit
 * needs, instead of every file of the model.
 */
final class SourcesOnDemand extends FileSystem {

    /** A text that declares a type, and the name Spoon and JDT know the file by. */
    record Source(String fileName, String text) {
    }

    private final Map<String, Source> byQualifiedName;
    private final Set<String> packages = new HashSet<>();
    private final Set<String> answered = new HashSet<>();

    /**
     * @param byQualifiedName each top-level type of the model by its qualified name ({@code a.b.C}), with the
     *                        text of the file that declares it
     */
    SourcesOnDemand(Classpath[] paths, String[] initialFileNames, boolean annotationsFromClasspath,
                    Set<String> limitedModules, IModule module, Map<String, Source> byQualifiedName) {
        super(paths, initialFileNames, annotationsFromClasspath, limitedModules);
        this.module = module;
        this.byQualifiedName = byQualifiedName;
        for (String name : byQualifiedName.keySet()) {
            for (int dot = name.lastIndexOf('.'); dot > 0; dot = name.lastIndexOf('.', dot - 1)) {
                packages.add(name.substring(0, dot));
            }
        }
    }

    @Override
    public NameEnvironmentAnswer findType(char[][] compoundName, char[] moduleName) {
        NameEnvironmentAnswer answer = source(new String(CharOperation.concatWith(compoundName, '.')));
        return answer != null ? answer : super.findType(compoundName, moduleName);
    }

    @Override
    public NameEnvironmentAnswer findType(char[] typeName, char[][] packageName, char[] moduleName) {
        String name = packageName == null || packageName.length == 0 ? new String(typeName)
                : new String(CharOperation.concatWith(packageName, '.')) + "." + new String(typeName);
        NameEnvironmentAnswer answer = source(name);
        return answer != null ? answer : super.findType(typeName, packageName, moduleName);
    }

    @Override
    public char[][] getModulesDeclaringPackage(char[][] packageName, char[] moduleName) {
        char[][] modules = super.getModulesDeclaringPackage(packageName, moduleName);
        if (!packages.contains(new String(CharOperation.concatWith(packageName, '.')))) {
            return modules;
        }
        // The model's sources lie in the unnamed module, as the units of the build that made the model did.
        return modules == null ? new char[][] {ModuleBinding.UNNAMED}
                : CharOperation.arrayConcat(modules, ModuleBinding.UNNAMED);
    }

    @Override
    public boolean hasCompilationUnit(char[][] qualifiedPackageName, char[] moduleName, boolean checkCUs) {
        return packages.contains(new String(CharOperation.concatWith(qualifiedPackageName, '.')))
                || super.hasCompilationUnit(qualifiedPackageName, moduleName, checkCUs);
    }

    /** The unit of the file declaring {@code qualifiedName}, the first time any of its types is asked for. */
    private NameEnvironmentAnswer source(String qualifiedName) {
        Source source = byQualifiedName.get(qualifiedName);
        if (source == null || !answered.add(source.fileName())) {
            return null;
        }
        return new NameEnvironmentAnswer(new CompilationUnit(source.text().toCharArray(), source.fileName(), null),
                null);
    }
}
