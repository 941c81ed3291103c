import { describe, expect, it } from "vitest";
import { PeripheralFindings } from "../../contracts/peripherals/schema.ts";
import { PERIPHERAL_TYPE_UUID } from "../../contracts/reference.ts";
import { classifyUsb, type SiUsb, serialFindings, usbFindings } from "./usb-peripherals.ts";

const usb = (over: Partial<SiUsb>): SiUsb => ({
  bus: 1,
  deviceId: 4,
  name: "",
  type: "",
  vendor: "",
  manufacturer: "",
  serialNumber: "",
  ...over,
});

/** What systeminformation's usb() gave on a self-checkout (trimmed). */
const SI_USB = [
  usb({ name: "Linux Foundation 3.0 root hub", type: "Hub", manufacturer: "Linux Foundation" }),
  usb({ name: "TM-T88VI", type: "Printer", manufacturer: "EPSON", serialNumber: "X5PN012345", deviceId: 5 }),
  usb({ name: "Self 4000", manufacturer: "Ingenico", serialNumber: "ING77" }),
  usb({ name: "HD Pro Webcam C920", type: "Video", manufacturer: "Logitech, Inc." }),
  usb({ name: "USB Keyboard", type: "HID", manufacturer: "Logitech" }),
  usb({ name: "Mass Storage", type: "Storage", vendor: "SanDisk" }),
  usb({ name: "fi-800R", manufacturer: "Fujitsu", serialNumber: "FJ1" }),
  usb({ name: "Integrated Camera", type: "Video", manufacturer: "Chicony" }),
];

describe("USB peripherals", () => {
  it("maps known makers and classes to the console's peripheral types, skipping the rest", () => {
    const found = PeripheralFindings.parse({ peripherals: usbFindings(SI_USB) }).peripherals;
    expect(found.map((p) => [p.name, p.type, p.serial_number])).toEqual([
      ["EPSON TM-T88VI", "pos_printer", "X5PN012345"],
      ["Ingenico Self 4000", "card_reader", "ING77"],
      ["Logitech, Inc. HD Pro Webcam C920", "camera", ""],
      ["Fujitsu fi-800R", "document_scanner", "FJ1"],
      ["Chicony Integrated Camera", "camera", ""],
    ]);
    expect(found[0]).toMatchObject({ communication_protocol: "escpos", protocol_details: "USB bus 1 device 5" });
    for (const p of found) expect(Object.keys(PERIPHERAL_TYPE_UUID)).toContain(p.type);
  });

  it("classifies money acceptors and leaves unknown devices out", () => {
    expect(classifyUsb({ name: "iVIZION 100", type: "", vendor: "JCM", manufacturer: "" })?.type).toBe("bill_acceptor");
    expect(classifyUsb({ name: "X6 Coin Validator", type: "", vendor: "", manufacturer: "Azkoyen" })?.type).toBe(
      "coin_acceptor",
    );
    expect(classifyUsb({ name: "USB Mouse", type: "HID", vendor: "", manufacturer: "Logitech" })).toBeNull();
  });

  it("reads USB-serial adapters by id", () => {
    const found = serialFindings([
      "usb-JCM_iVIZION_100_A1B2C3D4-if00-port0",
      "usb-FTDI_FT232R_USB_UART_A12345-if00-port0",
      "not-a-usb-id",
    ]);
    expect(found).toEqual([
      expect.objectContaining({ name: "JCM iVIZION 100", type: "bill_acceptor", serial_number: "A1B2C3D4" }),
    ]);
  });
});
