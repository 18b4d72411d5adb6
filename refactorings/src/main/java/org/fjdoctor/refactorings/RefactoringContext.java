package org.fjdoctor.refactorings;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.source.SourceFile;

import spoon.reflect.cu.SourcePosition;
import spoon.reflect.declaration.CtCompilationUnit;
import spoon.reflect.declaration.CtElement;

/** What a refactoring may look at: the analysis, the Spoon element of a finding, the original text. */
public final class RefactoringContext {

    private final Analyzer.Analysis analysis;
    private final Map<java.nio.file.Path, SourceFile> files = new HashMap<>();
    private Map<java.nio.file.Path, CtCompilationUnit> units;

    public RefactoringContext(Analyzer.Analysis analysis) {
        this.analysis = analysis;
        analysis.files().forEach(file -> files.put(file.path(), file));
    }

    public ForkJoinModel model() {
        return analysis.model();
    }

    /**
     * The Java level of the file that holds {@code element} (from the nearest build settings or
     * {@code --java-level}; the model itself is parsed at 8 or more): rewrites of that file write only
     * code valid at it, e.g. no diamond before 7, no {@code var} before 10.
     */
    public int javaLevel(CtElement element) {
        SourceFile file = file(element);
        return file == null ? analysis.javaLevel() : analysis.javaLevels().feature(file.path());
    }

    /** The element the finding was reported at. */
    public CtElement element(Finding finding) {
        return analysis.elementOf(finding);
    }

    /** The typed match the finding's rule reported, if it is of kind {@code kind} ({@link Match}). */
    public <M extends Match> Optional<M> match(Finding finding, Class<M> kind) {
        return analysis.matchOf(finding, kind);
    }

    public SourceFile file(Finding finding) {
        return files.get(finding.location().file());
    }

    public SourceFile file(CtElement element) {
        return model().fileOf(element);
    }

    /** The analysed file at {@code path}, or {@code null}. */
    public SourceFile file(java.nio.file.Path path) {
        return files.get(path);
    }

    /** The compilation unit Spoon built for the file at {@code path}, or {@code null}. */
    public CtCompilationUnit compilationUnit(java.nio.file.Path path) {
        if (units == null) {
            units = new HashMap<>();
            model().spoon().getRootPackage().getFactory().CompilationUnit().getMap().values().forEach(unit -> {
                SourceFile file = unit.getFile() == null ? null : model().fileAt(unit.getFile().getPath());
                if (file != null) {
                    units.put(file.path(), unit);
                }
            });
        }
        return units.get(path);
    }

    /** The element's original source text (never Spoon's pretty-printed form). */
    public String text(CtElement element) {
        SourcePosition position = element.getPosition();
        return file(element).text().substring(position.getSourceStart(), position.getSourceEnd() + 1);
    }

    /** The whitespace that starts the line holding {@code offset}: new lines of code copy it. */
    public String indentation(SourceFile file, int offset) {
        String line = file.lineText(file.lineOf(offset));
        int end = 0;
        while (end < line.length() && (line.charAt(end) == ' ' || line.charAt(end) == '\t')) {
            end++;
        }
        return line.substring(0, end);
    }

    /**
     * One indentation step in the file's own style: a tab when most indented lines start with one, else
     * the most frequent increase of indentation from one code line to the next (ties to the smaller).
     * Comment lines are skipped: a Javadoc's {@code " * "} lines are indented by one space more than
     * their {@code /**}, which is no step of the code's.
     */
    public String indentUnit(SourceFile file) {
        Map<Integer, Integer> steps = new HashMap<>();
        int tabbed = 0;
        int spaced = 0;
        int previous = -1;
        for (int line = 1; line <= file.lineCount(); line++) {
            String text = file.lineText(line);
            String code = text.strip();
            if (code.isEmpty()) {
                continue;
            }
            if (text.startsWith("\t")) {
                tabbed++;
                continue;
            }
            int spaces = text.indexOf(code.charAt(0));
            spaced += spaces > 0 ? 1 : 0;
            if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) {
                continue;
            }
            if (previous >= 0 && spaces > previous) {
                steps.merge(spaces - previous, 1, Integer::sum);
            }
            previous = spaces;
        }
        if (tabbed > spaced) {
            return "\t";
        }
        int unit = steps.entrySet().stream()
                .max(Map.Entry.<Integer, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                .map(Map.Entry::getKey).orElse(4);
        return " ".repeat(unit);
    }

    /** The file's line terminator: what its first line ends with ({@code \r\n}, {@code \n} or {@code \r}). */
    public String lineSeparator(SourceFile file) {
        String text = file.text();
        int end = SourceLines.lineEnd(text, 0);
        if (end == text.length() || text.charAt(end) == '\n') {
            return "\n";
        }
        return end + 1 < text.length() && text.charAt(end + 1) == '\n' ? "\r\n" : "\r";
    }
}
