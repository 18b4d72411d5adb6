package org.fjdoctor.analyzer.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.fjdoctor.analyzer.source.JavaPackages;
import org.fjdoctor.analyzer.source.SourceFile;

/**
 * Module declarations that would make Spoon give up on part of a tree. Spoon puts each file under the directory
 * of a {@code module-info.java} into that module, and every other file into the unnamed one; when one package
 * name has types in two of them (a module's tests in the package they test, beside the module's source root;
 * two modules that split a package), every lookup of that package throws ("Found 2 non-empty packages with
 * name ..") and all the files that resolve a type of it are left out. The compiler never sees them side by side
 * (each module and its tests compile apart), so the code is valid Java. Built without the module declarations,
 * every file is in the unnamed module and the package is one; fork/join code does not depend on what a module
 * exports or requires.
 */
final class SplitModules {

    private static final String MODULE_INFO = "module-info.java";

    private SplitModules() {
    }

    static boolean isModuleInfo(SourceFile file) {
        return file.path().getFileName() != null && MODULE_INFO.equals(file.path().getFileName().toString());
    }

    /**
     * Whether some package declared by {@code files} would have types in two modules (a named one and another,
     * or the unnamed one) if the module declarations among them were built.
     */
    static boolean splitPackage(Collection<SourceFile> files, Function<SourceFile, String> textOf) {
        List<Path> roots = new ArrayList<>();
        for (SourceFile file : files) {
            if (isModuleInfo(file) && file.path().toAbsolutePath().getParent() != null) {
                roots.add(file.path().toAbsolutePath().getParent());
            }
        }
        if (roots.isEmpty()) {
            return false;
        }
        // The deepest root first: a module nested in another's directory owns its own files.
        roots.sort(Comparator.comparingInt(Path::getNameCount).reversed());
        Map<String, Path> moduleOfPackage = new HashMap<>();
        Path unnamed = Path.of("");
        for (SourceFile file : files) {
            if (isModuleInfo(file)) {
                continue;
            }
            String name = JavaPackages.declared(textOf.apply(file));
            if (name == null) {
                continue;
            }
            Path absolute = file.path().toAbsolutePath();
            Path module = roots.stream().filter(absolute::startsWith).findFirst().orElse(unnamed);
            Path known = moduleOfPackage.putIfAbsent(name, module);
            if (known != null && !known.equals(module)) {
                return true;
            }
        }
        return false;
    }
}
