package org.fjdoctor.analyzer.source;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The Java language level of a project, as its build declares it: Maven's {@code maven.compiler.release}
 * or {@code maven.compiler.source} (properties, or the compiler plugin's configuration, through parent
 * poms), Gradle's {@code sourceCompatibility}, {@code options.release} or toolchain, or Eclipse's
 * {@code .settings/org.eclipse.jdt.core.prefs}. Rewrites generate only code valid at this level, and the
 * compile check uses it.
 *
 * @param feature the feature release: 6 for {@code 1.6}, 17 for {@code 17}
 * @param source  where it was read, for messages ({@code pom.xml at DIR (maven.compiler.source = 1.6)},
 *                {@code --java-level}, {@code default})
 */
public record JavaLevel(int feature, String source) {

    /** The lowest and highest levels fjdoctor accepts ({@code 1.5} to {@code 26}). */
    public static final int MIN = 5;
    public static final int MAX = 26;

    /** The level when neither the build nor the user says. */
    public static final int DEFAULT = 17;

    private static final String ECLIPSE_PREFS = "org.eclipse.jdt.core.prefs";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]+)}");
    /** Gradle's declarations, strongest first: the compiler's release, the source level, the toolchain's JDK. */
    private static final List<Pattern> GRADLE = List.of(
            Pattern.compile("options\\s*\\.\\s*release(?:\\s*\\.\\s*set\\s*\\(|\\s*=)\\s*['\"]?(\\d+)"),
            Pattern.compile("sourceCompatibility\\s*=\\s*(?:JavaVersion\\s*\\.\\s*(?:VERSION_|toVersion\\s*\\(\\s*)"
                    + ")?['\"]?([\\d._]+)"),
            Pattern.compile("JavaLanguageVersion\\s*\\.\\s*of\\s*\\(\\s*['\"]?(\\d+)"));

    /**
     * {@code 1.6}, {@code 6}, {@code 17} (or {@code VERSION_1_8}'s {@code 1_8}) as a feature release.
     *
     * @throws IllegalArgumentException when it is no Java version, or one outside {@link #MIN}..{@link #MAX}
     */
    public static int parse(String text) {
        String value = text.trim().replace('_', '.');
        if (value.startsWith("1.")) {
            value = value.substring(2);
        }
        int dot = value.indexOf('.');
        if (dot > 0) {
            value = value.substring(0, dot); // 1.8.0, 11.0.2
        }
        int level;
        try {
            level = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a Java version (examples: 1.6, 8, 11, 17)");
        }
        if (level < MIN || level > MAX) {
            throw new IllegalArgumentException("Java " + text + " is not supported (from 1." + MIN + " to " + MAX + ")");
        }
        return level;
    }

    /**
     * The lowest level the builds around {@code roots} declare: for each root, the nearest directory at or
     * above it (up to the git work tree's top) whose {@code pom.xml}, {@code build.gradle(.kts)} or Eclipse
     * settings name one. Code valid at the lowest level is valid in every module.
     */
    public static Optional<JavaLevel> detect(List<Path> roots) {
        JavaLevel lowest = null;
        for (Path root : roots) {
            JavaLevel level = declaredAbove(root).orElse(null);
            if (level != null && (lowest == null || level.feature < lowest.feature)) {
                lowest = level;
            }
        }
        return Optional.ofNullable(lowest);
    }

    /**
     * The level the nearest build settings at or above {@code path} declare: the first directory, from the
     * path's own up to the git work tree's top or the user's home (whichever comes first), whose build
     * files name one.
     */
    public static Optional<JavaLevel> declaredAbove(Path path) {
        Path dir = path.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            dir = dir.getParent();
        }
        for (; dir != null; dir = dir.getParent()) {
            JavaLevel level = inDirectory(dir);
            if (level != null || isTop(dir)) {
                return Optional.ofNullable(level);
            }
        }
        return Optional.empty();
    }

    /** Whether the walk up from a source stops at {@code dir}: a git work tree's top or the user's home. */
    public static boolean isTop(Path dir) {
        return Files.exists(dir.resolve(".git")) || dir.equals(home());
    }

    private static Path home() {
        String home = System.getProperty("user.home");
        return home == null || home.isBlank() ? null : Path.of(home).toAbsolutePath().normalize();
    }

    /** The level the build files of one directory declare (Maven, then Gradle, then Eclipse), or null. */
    public static JavaLevel inDirectory(Path dir) {
        JavaLevel level = maven(dir.resolve("pom.xml"));
        for (String name : List.of("build.gradle", "build.gradle.kts")) {
            level = level != null ? level : gradle(dir.resolve(name));
        }
        return level != null ? level : eclipse(dir.resolve(".settings").resolve(ECLIPSE_PREFS));
    }

    private static JavaLevel maven(Path pom) {
        Map<String, String> properties = new HashMap<>();
        List<Element> projects = new ArrayList<>();
        // The pom and its parents (by relativePath, default ../pom.xml), child first.
        for (Path at = pom; at != null && Files.isRegularFile(at) && projects.size() < 10; ) {
            Element project = parseXml(at);
            if (project == null) {
                break;
            }
            projects.add(project);
            for (Element props : children(project, "properties")) {
                for (Element property : children(props, null)) {
                    properties.putIfAbsent(property.getTagName(), property.getTextContent().trim());
                }
            }
            Element parent = first(project, "parent");
            if (parent == null) {
                break;
            }
            Element relative = first(parent, "relativePath");
            String path = relative == null ? "../pom.xml" : relative.getTextContent().trim();
            if (path.isEmpty()) {
                break;
            }
            Path next = at.getParent().resolve(path).normalize();
            at = Files.isDirectory(next) ? next.resolve("pom.xml") : next;
        }
        for (Element project : projects) {
            for (String key : List.of("release", "source")) {
                for (Element plugin : compilerPlugins(project)) {
                    Element configuration = first(plugin, "configuration");
                    Element value = configuration == null ? null : first(configuration, key);
                    JavaLevel level = level(value == null ? null : resolve(value.getTextContent(), properties),
                            "maven-compiler-plugin " + key, pom);
                    if (level != null) {
                        return level;
                    }
                }
            }
        }
        for (String key : List.of("maven.compiler.release", "maven.compiler.source")) {
            JavaLevel level = level(properties.containsKey(key) ? resolve(properties.get(key), properties) : null,
                    key, pom);
            if (level != null) {
                return level;
            }
        }
        return null;
    }

    private static List<Element> compilerPlugins(Element project) {
        List<Element> plugins = new ArrayList<>();
        for (Element build : children(project, "build")) {
            List<Element> containers = new ArrayList<>(children(build, "plugins"));
            for (Element management : children(build, "pluginManagement")) {
                containers.addAll(children(management, "plugins"));
            }
            for (Element container : containers) {
                for (Element plugin : children(container, "plugin")) {
                    Element artifact = first(plugin, "artifactId");
                    if (artifact != null && artifact.getTextContent().trim().equals("maven-compiler-plugin")) {
                        plugins.add(plugin);
                    }
                }
            }
        }
        return plugins;
    }

    private static String resolve(String value, Map<String, String> properties) {
        String resolved = value.trim();
        for (int i = 0; i < 5 && resolved.contains("${"); i++) {
            Matcher matcher = PLACEHOLDER.matcher(resolved);
            StringBuilder out = new StringBuilder();
            while (matcher.find()) {
                matcher.appendReplacement(out, Matcher.quoteReplacement(properties.getOrDefault(matcher.group(1), "")));
            }
            matcher.appendTail(out);
            resolved = out.toString().trim();
        }
        return resolved;
    }

    private static JavaLevel gradle(Path build) {
        String text = read(build);
        if (text == null) {
            return null;
        }
        String code = text.replaceAll("(?m)//.*$", "");
        for (Pattern pattern : GRADLE) {
            Matcher matcher = pattern.matcher(code);
            if (matcher.find()) {
                JavaLevel level = level(matcher.group(1), matcher.group().strip(), build);
                if (level != null) {
                    return level;
                }
            }
        }
        return null;
    }

    private static JavaLevel eclipse(Path prefs) {
        String text = read(prefs);
        if (text == null) {
            return null;
        }
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
        for (String key : List.of("org.eclipse.jdt.core.compiler.source", "org.eclipse.jdt.core.compiler.compliance")) {
            JavaLevel level = level(properties.getProperty(key), key, prefs);
            if (level != null) {
                return level;
            }
        }
        return null;
    }

    /**
     * The level {@code value} names, or {@code null} when it names none fjdoctor accepts. The source reads
     * {@code pom.xml at DIR (maven.compiler.source = 1.6)}: the build file, its project's directory, the key.
     */
    private static JavaLevel level(String value, String key, Path file) {
        if (value == null || value.isBlank()) {
            return null;
        }
        Path project = file.toAbsolutePath().normalize().getParent();
        String name = file.getFileName().toString();
        if (name.equals(ECLIPSE_PREFS) && project != null) {
            project = project.getParent();
            name = ".settings/" + name;
        }
        try {
            // Gradle's key is the matched declaration, which already ends with the value.
            String declaration = key.endsWith(value.trim()) ? key : key + " = " + value.trim();
            return new JavaLevel(parse(value), name + " at " + project + " (" + declaration + ")");
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String read(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.ISO_8859_1) : null;
        } catch (IOException e) {
            return null;
        }
    }

    static Element parseXml(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler()); // throws on fatal errors instead of printing them
            Document document = builder.parse(new InputSource(in));
            return document.getDocumentElement();
        } catch (IOException | SAXException | ParserConfigurationException e) {
            return null; // a broken pom declares nothing fjdoctor can use
        }
    }

    static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node node = nodes.item(i);
            if (node instanceof Element element && (name == null || element.getTagName().equals(name))) {
                out.add(element);
            }
        }
        return out;
    }

    private static Element first(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }
}
