import { CAMERA_SCAN_UNAVAILABLE_MESSAGE, CAMERAS_DETECTED_MESSAGE } from "@contracts/detection/values";
import { englishPart } from "./english";

/** English strings of Detect Devices (console.md §2.7, §8). */
export const enDetect = englishPart({
  "detect.title": "Detect Devices",
  "detect.subtitle": "Scan a location's network and add the machines found as devices.",
  "detect.location": "Location",
  "detect.locationPick": "Choose a location",
  "detect.pickFirst": "Choose a location to scan its network for devices.",
  "detect.idle": "Press Detect to scan this location's network.",
  "detect.detect": "Detect",
  "detect.again": "Detect again",
  "detect.scanning": "Detecting devices…",
  "detect.lastScan": "Last Scan",
  "detect.never": "Never",
  "detect.total": "Total detections",
  "detect.noService":
    "We couldn't find available detection services. Check if you have a proper Runner Device installed and running selected Location",
  "detect.tryAgain": "Try Again",
  "detect.empty":
    "No devices found. Make sure your devices are turned on and available on the network before triggering detection.",
  "detect.camerasDetected": CAMERAS_DETECTED_MESSAGE,
  "detect.cameraScanUnavailable": CAMERA_SCAN_UNAVAILABLE_MESSAGE,
  "detect.loadFailed": "The detected devices could not be loaded.",
  "detect.table": "Detected devices",
  "detect.col.name": "Name",
  "detect.col.ip": "IP address",
  "detect.col.mac": "MAC address",
  "detect.col.type": "Type",
  "detect.col.status": "Status",
  "detect.selectRow": "Select {name}",
  "detect.alreadyDevice": "{name} is already a device",
  "detect.selectPage": "Select all devices on this page",
  "detect.selected": "{count} selected",
  "detect.add": "Add",
  "detect.step.title": "Add Device {n}/{total}",
  "detect.step.detected": "Detected device",
} as const);
