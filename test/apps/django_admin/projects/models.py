from django.db import models


class Project(models.Model):
    STATUSES = [("planned", "Planned"), ("running", "Running"), ("done", "Done")]

    name = models.CharField(max_length=100, unique=True)
    starts_on = models.DateField("starts on")
    status = models.CharField(max_length=20, choices=STATUSES, default="planned")
    featured = models.BooleanField(default=False)

    def save(self, *args, **kwargs):
        # A broken release to test against: saving this name fails with an answer of 500.
        if self.name == "Explode":
            raise RuntimeError("storage failure")
        super().save(*args, **kwargs)

    def __str__(self):
        return self.name
