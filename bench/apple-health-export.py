#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes a generated Apple Health export.xml of about SIZE_MB megabytes, shaped like the real ones
(issue 24 item 5): the DTD of the prolog, <ExportDate>, <Me>, then every <Record> grouped by type and in
date order as the Health app writes them (heart rate every few minutes and every 5 s in workouts, steps
from an iPhone and a Watch, active and basal energy, walking distance, body mass, sleep stages, resting
heart rate, HRV with its beat list, VO2 max), most with <MetadataEntry> children and the `device`
attribute full of escaped `&lt;`; a <Correlation>; then <Workout>s with <MetadataEntry>, <WorkoutEvent>
pauses and segments, <WorkoutStatistics> and a <WorkoutRoute><FileReference>; then <ActivitySummary>s.

Usage: bench/apple-health-export.py SIZE_MB OUT.xml   (prints the counts it wrote as JSON on stdout)
"""
import datetime
import json
import random
import sys

size_mb, path = int(sys.argv[1]), sys.argv[2]
random.seed(24)

DTD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth                   CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex                 CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBloodType                     CDATA #REQUIRED
  HKCharacteristicTypeIdentifierFitzpatrickSkinType           CDATA #REQUIRED
  HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse   CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ATTLIST Correlation
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ATTLIST Workout
  workoutActivityType   CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
  totalDistance         CDATA #IMPLIED
  totalDistanceUnit     CDATA #IMPLIED
  totalEnergyBurned     CDATA #IMPLIED
  totalEnergyBurnedUnit CDATA #IMPLIED
  sourceName            CDATA #REQUIRED
  sourceVersion         CDATA #IMPLIED
  device                CDATA #IMPLIED
  creationDate          CDATA #IMPLIED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
>
<!ELEMENT WorkoutEvent (MetadataEntry*)>
<!ATTLIST WorkoutEvent
  type         CDATA #REQUIRED
  date         CDATA #REQUIRED
  duration     CDATA #IMPLIED
  durationUnit CDATA #IMPLIED
>
<!ELEMENT WorkoutStatistics EMPTY>
<!ATTLIST WorkoutStatistics
  type       CDATA #REQUIRED
  startDate  CDATA #REQUIRED
  endDate    CDATA #REQUIRED
  average    CDATA #IMPLIED
  minimum    CDATA #IMPLIED
  maximum    CDATA #IMPLIED
  sum        CDATA #IMPLIED
  unit       CDATA #IMPLIED
>
<!ELEMENT WorkoutRoute ((MetadataEntry|FileReference)*)>
<!ATTLIST WorkoutRoute
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT FileReference EMPTY>
<!ATTLIST FileReference
  path CDATA #REQUIRED
>
<!ELEMENT ActivitySummary EMPTY>
<!ATTLIST ActivitySummary
  dateComponents           CDATA #IMPLIED
  activeEnergyBurned       CDATA #IMPLIED
  activeEnergyBurnedGoal   CDATA #IMPLIED
  activeEnergyBurnedUnit   CDATA #IMPLIED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
<!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>
<!ELEMENT InstantaneousBeatsPerMinute EMPTY>
<!ATTLIST InstantaneousBeatsPerMinute
  bpm  CDATA #REQUIRED
  time CDATA #REQUIRED
>
]>
<HealthData locale="en_GB">
 <ExportDate value="2026-11-30 20:00:00 +0000"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1988-05-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
"""

WATCH = ('sourceName="Ada’s Apple Watch" sourceVersion="10.3" device="&lt;&lt;HKDevice: 0x283c1e3a0&gt;, '
         'name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.3&gt;"')
PHONE = ('sourceName="Ada’s iPhone" sourceVersion="17.3.1" device="&lt;&lt;HKDevice: 0x283c1e800&gt;, '
         'name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:17.3.1&gt;"')
SCALE = 'sourceName="Withings" sourceVersion="6020100"'

START = datetime.datetime(2017, 1, 2)


def stamp(t):
    return t.strftime("%Y-%m-%d %H:%M:%S +0000")


def rec(kind, source, unit, t0, t1, value, meta=""):
    head = (f' <Record type="{kind}" {source} unit="{unit}" creationDate="{stamp(t1)}" '
            f'startDate="{stamp(t0)}" endDate="{stamp(t1)}" value="{value}"')
    return head + ">\n" + meta + " </Record>\n" if meta else head + "/>\n"


def workouts_of(day):
    """Day `day`'s workout (every other day): start, minutes, activity."""
    if day % 2:
        return None
    t = START + datetime.timedelta(days=day, hours=17, minutes=random.randint(0, 59))
    return t, random.randint(25, 70), random.choice(["Running", "Cycling", "Walking", "TraditionalStrengthTraining"])


def day_records(kind, day, w):
    """Every record of one type on day `day` (w: that day's workout or None)."""
    base = START + datetime.timedelta(days=day)
    out = []
    if kind == "hr":
        motion = '  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>\n'
        for m in range(0, 1440, 4):
            t = base + datetime.timedelta(minutes=m, seconds=random.randint(0, 59))
            out.append(rec("HKQuantityTypeIdentifierHeartRate", WATCH, "count/min", t, t, random.randint(52, 96), motion))
        if w:
            t0, minutes, _ = w
            for s in range(0, minutes * 60, 5):
                t = t0 + datetime.timedelta(seconds=s)
                out.append(rec("HKQuantityTypeIdentifierHeartRate", WATCH, "count/min", t, t, random.randint(105, 172),
                               '  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="2"/>\n'))
        out.sort(key=lambda r: r[r.index('startDate="'):])
    elif kind == "steps":
        for source in (PHONE, WATCH):
            for m in range(420, 1320, 12):
                t = base + datetime.timedelta(minutes=m)
                out.append(rec("HKQuantityTypeIdentifierStepCount", source, "count", t,
                               t + datetime.timedelta(minutes=10), random.randint(20, 900)))
    elif kind in ("active", "basal", "distance"):
        name, unit = {"active": ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal"),
                      "basal": ("HKQuantityTypeIdentifierBasalEnergyBurned", "kcal"),
                      "distance": ("HKQuantityTypeIdentifierDistanceWalkingRunning", "km")}[kind]
        step = {"active": 6, "basal": 15, "distance": 10}[kind]
        for m in range(0, 1440, step):
            t = base + datetime.timedelta(minutes=m)
            out.append(rec(name, WATCH, unit, t, t + datetime.timedelta(minutes=step - 1),
                           f"{random.uniform(0.1, 9):.3f}"))
    elif kind == "mass" and day % 3 == 0:
        t = base + datetime.timedelta(hours=7, minutes=random.randint(0, 30))
        meta = ('  <MetadataEntry key="Withings User Identifier" value="12345"/>\n'
                '  <MetadataEntry key="HKWasUserEntered" value="0"/>\n')
        out.append(rec("HKQuantityTypeIdentifierBodyMass", SCALE, "lb", t, t, f"{random.uniform(150, 170):.1f}", meta))
    elif kind == "sleep":
        t = base - datetime.timedelta(hours=1)
        stages = ["InBed", "AsleepCore", "AsleepDeep", "AsleepCore", "AsleepREM", "Awake", "AsleepCore", "AsleepREM"]
        for stage in stages:
            t1 = t + datetime.timedelta(minutes=random.randint(20, 80))
            out.append(f' <Record type="HKCategoryTypeIdentifierSleepAnalysis" {WATCH} creationDate="{stamp(t1)}" '
                       f'startDate="{stamp(t)}" endDate="{stamp(t1)}" value="HKCategoryValueSleepAnalysis{stage}">\n'
                       '  <MetadataEntry key="HKTimeZone" value="Europe/London"/>\n </Record>\n')
            t = t1
    elif kind == "resting":
        t = base + datetime.timedelta(minutes=1)
        out.append(rec("HKQuantityTypeIdentifierRestingHeartRate", WATCH, "count/min", t,
                       t + datetime.timedelta(hours=22), random.randint(48, 60)))
    elif kind == "hrv":
        for h in (2, 8, 14):
            t = base + datetime.timedelta(hours=h)
            beats = "".join(f'   <InstantaneousBeatsPerMinute bpm="{random.randint(50, 70)}" time="{h}:00:{s:02d}.12 am"/>\n'
                            for s in range(0, 60, 2))
            out.append(rec("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", WATCH, "ms", t,
                           t + datetime.timedelta(minutes=1), f"{random.uniform(25, 90):.3f}",
                           "  <HeartRateVariabilityMetadataList>\n" + beats + "  </HeartRateVariabilityMetadataList>\n"))
    elif kind == "vo2" and day % 7 == 0:
        t = base + datetime.timedelta(hours=18)
        out.append(rec("HKQuantityTypeIdentifierVO2Max", WATCH, "mL/min·kg", t, t, f"{random.uniform(38, 48):.2f}",
                       '  <MetadataEntry key="HKVO2MaxTestType" value="2"/>\n'))
    return out


def workout_xml(w):
    t0, minutes, activity = w
    t1 = t0 + datetime.timedelta(minutes=minutes)
    s = (f' <Workout workoutActivityType="HKWorkoutActivityType{activity}" duration="{minutes}.5" durationUnit="min" '
         f'{WATCH} creationDate="{stamp(t1)}" startDate="{stamp(t0)}" endDate="{stamp(t1)}">\n'
         '  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n'
         '  <MetadataEntry key="HKTimeZone" value="Europe/London"/>\n'
         '  <MetadataEntry key="HKWeatherTemperature" value="56 degF"/>\n'
         f'  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="{stamp(t0)}" duration="8.2" durationUnit="min"/>\n'
         f'  <WorkoutEvent type="HKWorkoutEventTypePause" date="{stamp(t0 + datetime.timedelta(minutes=10))}"/>\n'
         f'  <WorkoutEvent type="HKWorkoutEventTypeResume" date="{stamp(t0 + datetime.timedelta(minutes=11))}"/>\n'
         f'  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="{stamp(t0)}" '
         f'endDate="{stamp(t1)}" sum="{minutes * 9.5:.2f}" unit="kcal"/>\n'
         f'  <WorkoutStatistics type="HKQuantityTypeIdentifierBasalEnergyBurned" startDate="{stamp(t0)}" '
         f'endDate="{stamp(t1)}" sum="{minutes * 1.2:.2f}" unit="kcal"/>\n'
         f'  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="{stamp(t0)}" endDate="{stamp(t1)}" '
         f'average="141" minimum="98" maximum="171" unit="count/min"/>\n')
    if activity in ("Running", "Walking", "Cycling"):
        kind = "DistanceCycling" if activity == "Cycling" else "DistanceWalkingRunning"
        s += (f'  <WorkoutStatistics type="HKQuantityTypeIdentifier{kind}" startDate="{stamp(t0)}" '
              f'endDate="{stamp(t1)}" sum="{minutes * 0.16:.3f}" unit="km"/>\n'
              f'  <WorkoutRoute {WATCH} creationDate="{stamp(t1)}" startDate="{stamp(t0)}" endDate="{stamp(t1)}">\n'
              '   <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>\n'
              f'   <FileReference path="/workout-routes/route_{t0.strftime("%Y-%m-%d_%H.%M")}.gpx"/>\n'
              '  </WorkoutRoute>\n')
    return s + " </Workout>\n"


KINDS = ["mass", "hr", "steps", "active", "basal", "distance", "resting", "hrv", "vo2", "sleep"]

# Bytes per day, from a sample of 14 days, to choose how many days make SIZE_MB.
state = random.getstate()
sample = sum(len("".join(day_records(k, d, workouts_of(d)))) for k in KINDS for d in range(14)) / 14
sample += sum(len(workout_xml(w)) for w in map(workouts_of, range(14)) if w) / 14
random.setstate(state)
days = max(1, int(size_mb * 1_000_000 / sample))
plan = [workouts_of(d) for d in range(days)]
counts = {"records": 0, "workouts": 0, "days": days}
with open(path, "w", encoding="utf-8") as f:
    f.write(DTD)
    for kind in KINDS:
        for d in range(days):
            rows = day_records(kind, d, plan[d])
            counts["records"] += len(rows)
            f.write("".join(rows))
    t = START + datetime.timedelta(days=3, hours=8)
    f.write(f' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" {SCALE} creationDate="{stamp(t)}" '
            f'startDate="{stamp(t)}" endDate="{stamp(t)}">\n'
            + rec("HKQuantityTypeIdentifierBloodPressureSystolic", SCALE, "mmHg", t, t, 118)
            + rec("HKQuantityTypeIdentifierBloodPressureDiastolic", SCALE, "mmHg", t, t, 76) + " </Correlation>\n")
    for w in plan:
        if w:
            counts["workouts"] += 1
            f.write(workout_xml(w))
    for d in range(days):
        day = (START + datetime.timedelta(days=d)).strftime("%Y-%m-%d")
        f.write(f' <ActivitySummary dateComponents="{day}" activeEnergyBurned="{random.uniform(200, 900):.3f}" '
                'activeEnergyBurnedGoal="630" activeEnergyBurnedUnit="kcal"/>\n')
    f.write("</HealthData>\n")
print(json.dumps(counts))
