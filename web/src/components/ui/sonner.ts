// sonner in a chunk of its own, named for what it is (components/ui/toaster.tsx loads it on demand).
export * from "sonner";
