from django.contrib import admin

from .models import Project


@admin.register(Project)
class ProjectAdmin(admin.ModelAdmin):
    list_display = ["name", "starts_on", "status", "featured"]
    list_filter = ["status", "featured"]
    search_fields = ["name"]
