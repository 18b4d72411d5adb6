package org.fjdoctor.eclipse.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.api.Location;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.config.ConfigException;

/**
 * A finding as the attributes of an {@code org.fjdoctor.eclipse.problem} marker. The standard keys are
 * {@code IMarker}'s (their values repeated so this stays free of Eclipse classes); the others are
 * fjdoctor's own and are read back by the quick fixes.
 */
public final class MarkerAttributes {

    public static final String MARKER_TYPE = "org.fjdoctor.eclipse.problem";

    public static final String MESSAGE = "message";
    public static final String SEVERITY = "severity";
    public static final String LINE_NUMBER = "lineNumber";
    public static final String CHAR_START = "charStart";
    public static final String CHAR_END = "charEnd";
    public static final String LOCATION = "location";
    public static final String SOURCE_ID = "sourceId";

    public static final String RULE_ID = "fjdoctor.ruleId";
    public static final String FINGERPRINT = "fjdoctor.fingerprint";
    public static final String FJDOCTOR_SEVERITY = "fjdoctor.severity";
    /** Related locations: path, line, start, end and message of each, packed. */
    public static final String RELATED = "fjdoctor.related";
    /** The quick fixes (engine fixes, then the suppression), packed. */
    public static final String FIXES = "fjdoctor.fixes";
    /** Fixes too large for a marker attribute, left out of {@link #FIXES}. */
    public static final String FIXES_LEFT_OUT = "fjdoctor.fixesLeftOut";

    /**
     * Eclipse stores a persistent marker's string attribute as modified UTF-8 of at most 65535 bytes;
     * a character can take three. Larger fixes are left out rather than break marker creation.
     */
    static final int MAX_ATTRIBUTE_CHARS = 65535 / 3;

    private MarkerAttributes() {
    }

    /** A mistake in {@code .fjdoctor.yml}, as an error on its line. */
    public static Map<String, Object> of(ConfigException error) {
        Map<String, Object> attributes = new LinkedHashMap<>();
        attributes.put(MESSAGE, "fjdoctor settings: " + error.problem());
        attributes.put(SEVERITY, SeverityMapping.ERROR);
        if (error.line() > 0) {
            attributes.put(LINE_NUMBER, error.line());
            attributes.put(LOCATION, "line " + error.line());
        }
        attributes.put(SOURCE_ID, "fjdoctor");
        return attributes;
    }

    public static Map<String, Object> of(Finding finding, List<QuickFix> fixes, SeverityMapping severities) {
        Location location = finding.location();
        Map<String, Object> attributes = new LinkedHashMap<>();
        attributes.put(MESSAGE, finding.message() + " [" + finding.ruleId() + "]");
        attributes.put(SEVERITY, severities.markerSeverity(finding.severity()));
        attributes.put(LINE_NUMBER, location.line());
        attributes.put(CHAR_START, location.startOffset());
        attributes.put(CHAR_END, location.endOffset());
        attributes.put(LOCATION, "line " + location.line());
        attributes.put(SOURCE_ID, "fjdoctor");
        attributes.put(RULE_ID, finding.ruleId());
        attributes.put(FINGERPRINT, finding.fingerprint());
        attributes.put(FJDOCTOR_SEVERITY, finding.severity().name());
        attributes.put(RELATED, encodeRelated(finding.related()));
        List<QuickFix> kept = new ArrayList<>();
        int leftOut = 0;
        for (QuickFix fix : fixes) {
            List<QuickFix> withFix = new ArrayList<>(kept);
            withFix.add(fix);
            if (QuickFix.encode(withFix).length() <= MAX_ATTRIBUTE_CHARS) {
                kept.add(fix);
            } else {
                leftOut++;
            }
        }
        attributes.put(FIXES, QuickFix.encode(kept));
        attributes.put(FIXES_LEFT_OUT, leftOut);
        return attributes;
    }

    /** The quick fixes stored on a marker by {@link #of}. */
    public static List<QuickFix> fixes(Map<String, Object> attributes) {
        Object fixes = attributes.get(FIXES);
        return fixes instanceof String encoded ? QuickFix.decode(encoded) : List.of();
    }

    /** The related locations stored on a marker by {@link #of}. */
    public static List<Related> related(Map<String, Object> attributes) {
        Object related = attributes.get(RELATED);
        if (!(related instanceof String encoded)) {
            return List.of();
        }
        List<String> parts = AttributeCodec.unpack(encoded);
        List<Related> locations = new ArrayList<>();
        for (int i = 0; i < parts.size(); i += 5) {
            locations.add(new Related(Path.of(parts.get(i)), Integer.parseInt(parts.get(i + 1)),
                    Integer.parseInt(parts.get(i + 2)), Integer.parseInt(parts.get(i + 3)), parts.get(i + 4)));
        }
        return locations;
    }

    /** A related location as a marker keeps it: enough to open the file at the place. */
    public record Related(Path file, int line, int startOffset, int endOffset, String message) {
    }

    /** The related locations, as many as fit in an attribute (a call path is rarely longer than a few). */
    private static String encodeRelated(List<RelatedLocation> related) {
        String packed = "";
        List<String> parts = new ArrayList<>();
        for (RelatedLocation r : related) {
            parts.add(r.location().file().toString());
            parts.add(Integer.toString(r.location().line()));
            parts.add(Integer.toString(r.location().startOffset()));
            parts.add(Integer.toString(r.location().endOffset()));
            parts.add(r.message());
            String longer = AttributeCodec.pack(parts);
            if (longer.length() > MAX_ATTRIBUTE_CHARS) {
                break;
            }
            packed = longer;
        }
        return packed;
    }
}
