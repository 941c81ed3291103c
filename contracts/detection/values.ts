/** Detection's notification texts. Free of zod (contracts/values: what the console's first load may import). */

/**
 * devices.md §7 notifications raised from the location room's pushes: a devicesDetected push
 * whose scan found cameras (its data carries `cameras_detected`), and a noDevicesDetected push
 * (no runner could scan the network, so no camera scan either).
 */
export const CAMERAS_DETECTED_MESSAGE = "Cameras detected";
export const CAMERA_SCAN_UNAVAILABLE_MESSAGE = "Camera scan unavailable";
