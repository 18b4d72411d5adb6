package org.fjdoctor.analyzer.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.w3c.dom.Element;

/**
 * Source folders that a build names explicitly, as main or test sources: an Eclipse project's
 * {@code .classpath} ({@code kind="src"} entries; JDT marks test sources with the {@code test} attribute) and
 * Maven's {@code <sourceDirectory>} and {@code <testSourceDirectory>}. The usual layouts need none of this;
 * a project that keeps its tests in {@code junit/} or {@code test-src/} does. Gradle's source sets are
 * written as code, not declared, so they are not read here.
 */
final class DeclaredSourceFolders {

    private record Folder(Path dir, boolean test) {
    }

    /** What one build file declared, with the stamp it had when read, so an edited file is read again. */
    private record Read(FileTime modified, long size, List<Folder> folders) {
    }

    private static final Map<Path, Read> READ = new ConcurrentHashMap<>();

    private DeclaredSourceFolders() {
    }

    /**
     * Whether {@code file} lies in a folder that the nearest build description at or above it declares as
     * test sources ({@code true}) or main sources ({@code false}); empty when there is no such build, or it
     * declares no folder holding the file. The innermost declared folder wins.
     */
    static Optional<Boolean> isTest(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        for (Path dir = absolute.getParent(); dir != null; dir = dir.getParent()) {
            Path classpath = dir.resolve(".classpath");
            Path pom = dir.resolve("pom.xml");
            if (Files.isRegularFile(classpath) || Files.isRegularFile(pom)) {
                List<Folder> folders = new ArrayList<>(read(classpath, dir));
                folders.addAll(read(pom, dir));
                return folders.stream()
                        .filter(folder -> absolute.startsWith(folder.dir()))
                        .max(Comparator.comparingInt(folder -> folder.dir().getNameCount()))
                        .map(Folder::test);
            }
            if (JavaLevel.isTop(dir)) {
                break;
            }
        }
        return Optional.empty();
    }

    private static List<Folder> read(Path buildFile, Path dir) {
        try {
            if (!Files.isRegularFile(buildFile)) {
                return List.of();
            }
            FileTime modified = Files.getLastModifiedTime(buildFile);
            long size = Files.size(buildFile);
            Read known = READ.get(buildFile);
            if (known == null || !known.modified().equals(modified) || known.size() != size) {
                Element top = JavaLevel.parseXml(buildFile);
                List<Folder> folders = top == null ? List.of()
                        : buildFile.getFileName().toString().equals("pom.xml") ? maven(top, dir) : eclipse(top, dir);
                known = new Read(modified, size, folders);
                READ.put(buildFile, known);
            }
            return known.folders();
        } catch (IOException e) {
            return List.of(); // an unreadable build file declares nothing
        }
    }

    private static List<Folder> eclipse(Element classpath, Path dir) {
        List<Folder> folders = new ArrayList<>();
        for (Element entry : JavaLevel.children(classpath, "classpathentry")) {
            String path = entry.getAttribute("path");
            if (!entry.getAttribute("kind").equals("src") || path.isEmpty() || path.startsWith("/")) {
                continue; // a leading slash names another workspace project, not a folder
            }
            boolean test = JavaLevel.children(entry, "attributes").stream()
                    .flatMap(attributes -> JavaLevel.children(attributes, "attribute").stream())
                    .anyMatch(a -> a.getAttribute("name").equals("test") && a.getAttribute("value").equals("true"));
            folders.add(new Folder(dir.resolve(path).normalize(), test));
        }
        return folders;
    }

    private static List<Folder> maven(Element project, Path dir) {
        List<Folder> folders = new ArrayList<>();
        for (Element build : JavaLevel.children(project, "build")) {
            for (Element source : JavaLevel.children(build, null)) {
                boolean test = source.getTagName().equals("testSourceDirectory");
                if (test || source.getTagName().equals("sourceDirectory")) {
                    String path = source.getTextContent().trim()
                            .replaceFirst("^\\$\\{(project\\.)?basedir}/?", "");
                    if (!path.isEmpty() && !path.contains("${")) {
                        folders.add(new Folder(dir.resolve(path).normalize(), test));
                    }
                }
            }
        }
        return folders;
    }
}
