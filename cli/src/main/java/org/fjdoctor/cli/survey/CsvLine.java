package org.fjdoctor.cli.survey;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.cli.survey.Manifest.ManifestException;

/** One CSV record on one line: comma-separated fields, a field in double quotes may hold commas and "". */
final class CsvLine {

    private CsvLine() {
    }

    static List<String> split(String line, String where) throws ManifestException {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"' && field.toString().isBlank()) {
                field.setLength(0);
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new ManifestException(where + "a quoted field is not closed: '" + line + "'");
        }
        fields.add(field.toString());
        return fields;
    }
}
