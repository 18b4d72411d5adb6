package org.fjdoctor.reports;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The fingerprints of an earlier scan, read from its fjdoctor JSON report or its SARIF log. Findings
 * with one of these fingerprints are known and hidden, so a build fails only on new ones.
 */
public final class Baseline {

    /** The file is missing, unreadable or not a report fjdoctor wrote. */
    public static final class InvalidBaselineException extends Exception {
        private static final long serialVersionUID = 1L;

        InvalidBaselineException(String message) {
            super(message);
        }
    }

    private final Set<String> fingerprints;

    private Baseline(Set<String> fingerprints) {
        this.fingerprints = Set.copyOf(fingerprints);
    }

    public static Baseline of(Set<String> fingerprints) {
        return new Baseline(fingerprints);
    }

    public static Baseline read(Path file) throws InvalidBaselineException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new InvalidBaselineException("baseline " + file + " does not exist");
        } catch (AccessDeniedException e) {
            throw new InvalidBaselineException("baseline " + file + " cannot be read: permission denied");
        } catch (JacksonException e) {
            throw new InvalidBaselineException("baseline " + file + " is not valid JSON ("
                    + e.getOriginalMessage() + "); expected a JSON or SARIF report of an earlier fjdoctor scan");
        } catch (IOException e) {
            throw new InvalidBaselineException("baseline " + file + " cannot be read"
                    + (Files.isDirectory(file) ? ": it is a directory" : ": " + e.getMessage()));
        }
        if (root == null || !root.isObject()) {
            throw notAReport(file);
        }
        Set<String> fingerprints = new HashSet<>();
        if (root.path("runs").isArray() && root.has("version")) {
            for (JsonNode run : root.path("runs")) {
                for (JsonNode result : run.path("results")) {
                    JsonNode fingerprint = result.path("partialFingerprints").path(SarifReport.FINGERPRINT_KEY);
                    if (fingerprint.isTextual()) {
                        fingerprints.add(fingerprint.asText());
                    }
                }
            }
        } else if (root.path("findings").isArray() && "fjdoctor".equals(root.path("tool").path("name").asText())) {
            for (JsonNode finding : root.path("findings")) {
                JsonNode fingerprint = finding.path("fingerprint");
                if (fingerprint.isTextual()) {
                    fingerprints.add(fingerprint.asText());
                }
            }
        } else {
            throw notAReport(file);
        }
        return new Baseline(fingerprints);
    }

    private static InvalidBaselineException notAReport(Path file) {
        return new InvalidBaselineException("baseline " + file + " is neither a fjdoctor JSON report nor a SARIF log"
                + " (write one with 'fjdoctor scan --format json' or '--format sarif')");
    }

    public boolean contains(Finding finding) {
        return fingerprints.contains(finding.fingerprint());
    }

    /** The findings not in the baseline, in their order. */
    public List<Finding> newFindings(List<Finding> findings) {
        return findings.stream().filter(f -> !contains(f)).toList();
    }

    public int size() {
        return fingerprints.size();
    }
}
