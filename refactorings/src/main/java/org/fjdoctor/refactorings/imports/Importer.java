package org.fjdoctor.refactorings.imports;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;

import spoon.reflect.cu.CompilationUnit;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtImport;

/**
 * Names types in the new code of one fix as the file's own code would: by simple name when the file
 * imports the type (by name or its package on demand), or when a new single-type import can be added
 * without changing the meaning of anything (the simple name occurs nowhere in the file, so no code,
 * declaration or import of the file refers to another type of that name); by qualified name otherwise.
 * A new import goes in order among the file's imports, or after the package declaration when there
 * are none. Two fixes adding the same import insert the same text at the same place, which
 * {@link org.fjdoctor.refactorings.Patch} applies once.
 */
public final class Importer {

    private final CtElement at;
    private final SourceFile file;
    private final String sep;
    /** Imports to add, by qualified name. */
    private final List<String> added = new ArrayList<>();

    private Importer(CtElement at, SourceFile file, String sep) {
        this.at = at;
        this.file = file;
        this.sep = sep;
    }

    /** Names types for new code at {@code at}. */
    public static Importer at(RefactoringContext context, CtElement at) {
        SourceFile file = context.file(at);
        return new Importer(at, file, context.lineSeparator(file));
    }

    /**
     * How new code at this place names {@code qualified} (a top-level type): its simple name, imported by a
     * new line when needed, else its qualified name; {@code null} when a declaration in the file hides both.
     */
    public String name(String qualified) {
        int dot = qualified.lastIndexOf('.');
        String simple = qualified.substring(dot + 1);
        String named = TypeNames.in(at, qualified.substring(0, dot), simple);
        if (named == null || named.equals(simple) || added.contains(qualified)) {
            return named == null ? null : simple;
        }
        if (Pattern.compile("(?<![\\p{L}\\p{N}_$])" + Pattern.quote(simple) + "(?![\\p{L}\\p{N}_$])")
                .matcher(file.text()).find() || importOffset(qualified) < 0) {
            return qualified;
        }
        added.add(qualified);
        return simple;
    }

    /** The insertions of the imports {@link #name} decided to add (one per place), to join the fix's edits. */
    public List<TextEdit> edits() {
        Map<Integer, StringBuilder> byOffset = new TreeMap<>();
        added.stream().sorted().forEach(qualified -> {
            int offset = importOffset(qualified);
            StringBuilder code = byOffset.computeIfAbsent(offset, o -> new StringBuilder());
            code.append(importLine(offset, qualified));
        });
        List<TextEdit> edits = new ArrayList<>();
        byOffset.forEach((offset, code) -> edits.add(TextEdit.insert(file.path(), offset, code.toString())));
        return edits;
    }

    /** The text inserting {@code qualified}'s import at {@code offset}: a whole line, before or after the offset's line. */
    private String importLine(int offset, String qualified) {
        String text = file.text();
        boolean atLineStart = offset == SourceLines.lineStart(text, offset) && firstImportAfter(qualified) != null;
        if (atLineStart) {
            return "import " + qualified + ";" + sep;
        }
        return (imports().isEmpty() ? sep : "") + sep + "import " + qualified + ";";
    }

    /**
     * Where {@code qualified}'s import goes: among the imports of its own package when there are any (before
     * the first that sorts after it, else after the last of them); else at the start of the line of the first
     * import (by position) that sorts after it, else at the end of the last import's line, else at the end of
     * the package declaration's line; -1 when the file has neither (a default-package file keeps qualified names).
     */
    private int importOffset(String qualified) {
        String text = file.text();
        // A file that groups jsr166y's imports apart from the JDK's keeps them together.
        String ownPackage = packageOf(qualified);
        List<CtImport> samePackage = imports().stream().filter(i -> packageOf(importedName(i)).equals(ownPackage)).toList();
        if (!samePackage.isEmpty()) {
            for (CtImport anImport : samePackage) {
                if (importedName(anImport).compareTo(qualified) > 0) {
                    return SourceLines.lineStart(text, anImport.getPosition().getSourceStart());
                }
            }
            return SourceLines.lineEnd(text, samePackage.get(samePackage.size() - 1).getPosition().getSourceEnd());
        }
        CtImport next = firstImportAfter(qualified);
        if (next != null) {
            return SourceLines.lineStart(text, next.getPosition().getSourceStart());
        }
        List<CtImport> imports = imports();
        if (!imports.isEmpty()) {
            return SourceLines.lineEnd(text, imports.get(imports.size() - 1).getPosition().getSourceEnd());
        }
        CompilationUnit unit = at.getPosition().getCompilationUnit();
        if (unit == null || unit.getPackageDeclaration() == null
                || !unit.getPackageDeclaration().getPosition().isValidPosition()) {
            return -1;
        }
        return SourceLines.lineEnd(text, unit.getPackageDeclaration().getPosition().getSourceEnd());
    }

    private CtImport firstImportAfter(String qualified) {
        return imports().stream().filter(i -> importedName(i).compareTo(qualified) > 0).findFirst().orElse(null);
    }

    /** The file's non-static imports with a position, in the order they are written. */
    private List<CtImport> imports() {
        CompilationUnit unit = at.getPosition().getCompilationUnit();
        if (unit == null) {
            return List.of();
        }
        return unit.getImports().stream()
                .filter(i -> i.getPosition().isValidPosition() && !importText(i).startsWith("import static"))
                .sorted((a, b) -> Integer.compare(a.getPosition().getSourceStart(), b.getPosition().getSourceStart()))
                .toList();
    }

    private static String packageOf(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(0, dot);
    }

    /** {@code java.util.List} for {@code import java.util.List;}, as written. */
    private String importedName(CtImport anImport) {
        String written = importText(anImport);
        return written.substring("import".length(), written.length() - 1).strip();
    }

    private String importText(CtImport anImport) {
        int start = anImport.getPosition().getSourceStart();
        int end = file.text().indexOf(';', start);
        return file.text().substring(start, end < 0 ? anImport.getPosition().getSourceEnd() + 1 : end + 1)
                .replaceAll("\\s+", " ");
    }
}
