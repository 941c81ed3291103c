import {
  addAlertRule,
  addChannel,
  addMaintenance,
  deleteAlertRule,
  deleteChannel,
  deleteMaintenance,
  editAlertRule,
  editChannel,
  endMaintenance,
  getNotificationPreferences,
  listAlertRules,
  listChannelNotifications,
  listChannels,
  listMaintenance,
  putNotificationPreferences,
  testChannel,
} from "@contracts/alerting/routes";
import type {
  AlertRuleInput,
  AlertRulePatch,
  ChannelInput,
  ChannelPatch,
  MaintenanceInput,
  NotificationPreferencesInput,
} from "@contracts/alerting/schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { incidentQueries } from "@/features/incidents/queries";
import { callApi } from "@/lib/api/api";

/** What a maintenance banner asks about: a location's or a device's windows covering now. */
export type MaintenanceTarget = { location: string } | { device: string };

export const alertingQueries = {
  all: (space: string) => ["space", space, "alerting"] as const,
  /** GET /space/{space}/alert-rule/items: by name, each with its open incidents. */
  rules: (space: string) =>
    queryOptions({
      queryKey: [...alertingQueries.all(space), "rules"] as const,
      queryFn: ({ signal }) => callApi(listAlertRules, { params: { space }, signal }),
      select: (reply) => reply.rules,
    }),
  /** GET /space/{space}/alert-channel/items: with delivery counts, dead letters and the last error. */
  channels: (space: string) =>
    queryOptions({
      queryKey: [...alertingQueries.all(space), "channels"] as const,
      queryFn: ({ signal }) => callApi(listChannels, { params: { space }, signal }),
      select: (reply) => reply.channels,
    }),
  /** GET …/alert-channel/{uuid}/notifications?state=dead: what could not be delivered. */
  notifications: (space: string, uuid: string, state?: "pending" | "delivered" | "dead") =>
    queryOptions({
      queryKey: [...alertingQueries.all(space), "notifications", uuid, state ?? ""] as const,
      queryFn: ({ signal }) =>
        callApi(listChannelNotifications, {
          params: { space, uuid },
          query: { page_size: 20, ...(state ? { state } : {}) },
          signal,
        }),
      select: (reply) => reply.notifications,
    }),
  /** GET /space/{space}/maintenance/items: every window, newest start first. */
  maintenance: (space: string) =>
    queryOptions({
      queryKey: [...alertingQueries.all(space), "maintenance", "all"] as const,
      queryFn: ({ signal }) => callApi(listMaintenance, { params: { space }, signal }),
      select: (reply) => reply.windows,
    }),
  /** The windows covering a location or a device now (the banner on its page). */
  activeMaintenance: (space: string, target: MaintenanceTarget) =>
    queryOptions({
      queryKey: [...alertingQueries.all(space), "maintenance", "active", target] as const,
      queryFn: ({ signal }) =>
        callApi(listMaintenance, { params: { space }, query: { active: "true", ...target }, signal }),
      select: (reply) => reply.windows,
      staleTime: 30_000,
    }),
  /** GET /account/notification-preferences: the caller's own. */
  preferences: () =>
    queryOptions({
      queryKey: ["account", "notification-preferences"] as const,
      queryFn: ({ signal }) => callApi(getNotificationPreferences, { signal }),
    }),
};

/** Rules: add, change (also enable/disable), delete. A rule's change moves its incidents' counts too. */
export function useRuleMutations(space: string) {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: alertingQueries.all(space) });
    void queryClient.invalidateQueries({ queryKey: incidentQueries.all(space) });
  };
  return {
    add: useMutation({
      mutationFn: (input: AlertRuleInput) => callApi(addAlertRule, { params: { space }, json: input }),
      onSettled: settle,
    }),
    edit: useMutation({
      mutationFn: ({ uuid, patch }: { uuid: string; patch: AlertRulePatch }) =>
        callApi(editAlertRule, { params: { space, uuid }, json: patch }),
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: (uuid: string) => callApi(deleteAlertRule, { params: { space, uuid } }),
      onSettled: settle,
    }),
  };
}

export function useChannelMutations(space: string) {
  const queryClient = useQueryClient();
  const settle = () => void queryClient.invalidateQueries({ queryKey: alertingQueries.all(space) });
  return {
    add: useMutation({
      mutationFn: (input: ChannelInput) => callApi(addChannel, { params: { space }, json: input }),
      onSettled: settle,
    }),
    edit: useMutation({
      mutationFn: ({ uuid, patch }: { uuid: string; patch: ChannelPatch }) =>
        callApi(editChannel, { params: { space, uuid }, json: patch }),
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: (uuid: string) => callApi(deleteChannel, { params: { space, uuid } }),
      onSettled: settle,
    }),
    /** Sent straight to the receiver (not queued): the reply is its answer. */
    test: useMutation({
      mutationFn: (uuid: string) => callApi(testChannel, { params: { space, uuid } }),
      onSettled: settle,
    }),
  };
}

export function useMaintenanceMutations(space: string) {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: [...alertingQueries.all(space), "maintenance"] });
    void queryClient.invalidateQueries({ queryKey: incidentQueries.all(space) });
  };
  return {
    add: useMutation({
      mutationFn: (input: MaintenanceInput) => callApi(addMaintenance, { params: { space }, json: input }),
      onSettled: settle,
    }),
    end: useMutation({
      mutationFn: (uuid: string) => callApi(endMaintenance, { params: { space, uuid } }),
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: (uuid: string) => callApi(deleteMaintenance, { params: { space, uuid } }),
      onSettled: settle,
    }),
  };
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => callApi(putNotificationPreferences, { json: input }),
    onSuccess: (saved) => queryClient.setQueryData(alertingQueries.preferences().queryKey, saved),
  });
}
