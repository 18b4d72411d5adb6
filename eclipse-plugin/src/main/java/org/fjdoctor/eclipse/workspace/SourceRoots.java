package org.fjdoctor.eclipse.workspace;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The source folders of a project, read from its {@code .classpath} ({@code kind="src"} entries).
 * Reading the file instead of asking JDT's {@code IJavaProject} keeps this bundle off Eclipse's JDT:
 * the engine brings its own, and the two must never meet. Without a {@code .classpath}, the whole
 * project is the root (the analyzer skips {@code target/} and VCS folders itself).
 */
public final class SourceRoots {

    private SourceRoots() {
    }

    public static List<Path> of(Path projectDirectory) {
        Path classpath = projectDirectory.resolve(".classpath");
        List<Path> roots = new ArrayList<>();
        if (Files.isRegularFile(classpath)) {
            try (InputStream in = Files.newInputStream(classpath)) {
                DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
                factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
                factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
                NodeList entries = factory.newDocumentBuilder().parse(in).getElementsByTagName("classpathentry");
                for (int i = 0; i < entries.getLength(); i++) {
                    Element entry = (Element) entries.item(i);
                    Path root = projectDirectory.resolve(entry.getAttribute("path")).normalize();
                    // Linked and other projects' folders ("/other") are not this project's sources.
                    if ("src".equals(entry.getAttribute("kind")) && !entry.getAttribute("path").startsWith("/")
                            && root.startsWith(projectDirectory) && Files.isDirectory(root)) {
                        roots.add(root);
                    }
                }
            } catch (Exception e) {
                // An unreadable .classpath is the JDT's problem to report; analyze the whole project.
                roots.clear();
            }
        }
        return roots.isEmpty() ? List.of(projectDirectory) : List.copyOf(roots);
    }
}
