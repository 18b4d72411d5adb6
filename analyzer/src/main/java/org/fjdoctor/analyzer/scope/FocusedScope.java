package org.fjdoctor.analyzer.scope;

import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;

public final class FocusedScope {
    private FocusedScope() {
    }

    public static ModelScope build(List<SourceFile> files, SourceSet sourceSet, Analyzer.Options options) {
        return ModelScope.full(files, sourceSet, options);
    }
}
