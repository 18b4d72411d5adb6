package org.fjdoctor.analyzer;

/** A secondary location of a finding (the fork site, the copy site, a step of a call path). */
public record RelatedLocation(Location location, String message) {
}
