package org.fjdoctor.analyzer;

import org.fjdoctor.analyzer.api.Location;

/** A secondary location of a finding (the fork site, the copy site, a step of a call path). */
public record RelatedLocation(Location location, String message) {
}
